# Write OUT: the files JS and CSS as NUL-terminated C byte arrays (paifu_viewer_js, _css).
function(embed var file)
    file(READ ${file} hex HEX)
    string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
    file(APPEND ${OUT} "const char ${var}[] = {${bytes}0};\n")
endfunction()
file(WRITE ${OUT} "/* generated from cli/viewer/ by embed.cmake */\nextern const char paifu_viewer_js[];\nextern const char paifu_viewer_css[];\n")
embed(paifu_viewer_js ${JS})
embed(paifu_viewer_css ${CSS})
