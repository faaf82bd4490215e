/*
 * score_mcr_cli.c: runs cli_score_mcr() (cli/cmd_score_mcr.c) as a program, so that ctest can
 * check `paifu score --rules mcr` before the score command dispatches to it. Arguments are
 * those of the score command.
 */
#include "cmd_score_mcr.h"

int main(int argc, char **argv)
{
    return cli_score_mcr(argc, argv);
}
