# Warning and sanitizer flags, linked PRIVATE by paifu's own targets only.
add_library(paifu_warnings INTERFACE)
target_compile_options(paifu_warnings INTERFACE
  -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla -Wformat=2
  $<$<BOOL:${PAIFU_WERROR}>:-Werror>)
# C11 plus the POSIX functions the CLI and tests use (fileno, strcasecmp, getopt_long, ...).
target_compile_definitions(paifu_warnings INTERFACE _POSIX_C_SOURCE=200809L)

add_library(paifu_sanitize INTERFACE)
if(PAIFU_SANITIZE)
  target_compile_options(paifu_sanitize INTERFACE
    -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(paifu_sanitize INTERFACE -fsanitize=address,undefined)
endif()
if(PAIFU_FUZZ)
  # libFuzzer comes with clang only; gcc builds replay the fuzz corpora instead (tests/fuzz.cmake).
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "PAIFU_FUZZ needs clang's libFuzzer: configure with -DCMAKE_C_COMPILER=clang")
  endif()
  target_compile_options(paifu_sanitize INTERFACE -fsanitize=fuzzer-no-link,address,undefined
    -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(paifu_sanitize INTERFACE -fsanitize=address,undefined)
endif()
if(PAIFU_DEBUG_ARENA)
  target_compile_definitions(paifu_sanitize INTERFACE PAIFU_DEBUG_ARENA=1)
endif()
