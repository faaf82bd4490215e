/* A program outside the paifu tree: finds the installed library and uses its API. */
#include <paifu.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    paifu_init();
    if (strcmp(paifu_version(), PAIFU_VERSION_STRING) != 0) {
        fprintf(stderr, "header %s, library %s\n", PAIFU_VERSION_STRING, paifu_version());
        return 1;
    }
    paifu_error err;
    paifu_error_clear(&err);
    paifu_game *game;
    if (argc < 2 || paifu_game_read(&game, argv[1], NULL, &err) < 0) {
        fprintf(stderr, "read failed: %s\n", err.text);
        return 1;
    }
    printf("%zu deals\n", paifu_game_deal_count(game));
    paifu_game_free(game);
    return 0;
}
