/*
 * alloc_main.c: the CLI's main.c compiled under its own name for paifu_allocfail (tests/mcr.cmake
 * renames main in cli/main.c for every target of this folder, so that another program can link
 * the CLI's helpers).
 */
#include "../../cli/main.c"
