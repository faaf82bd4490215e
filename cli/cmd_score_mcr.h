/*
 * cmd_score_mcr.h: `paifu score --rules mcr ...`, one Chinese Official (MCR) hand.
 * The score command dispatches here when its rule set is of the mcr family.
 */
#ifndef PAIFU_CLI_CMD_SCORE_MCR_H
#define PAIFU_CLI_CMD_SCORE_MCR_H

/* Main-like: the score command's argv (options and HAND). Exit status per cli.h. */
int cli_score_mcr(int argc, char **argv);

extern const char cli_score_mcr_usage[];

#endif
