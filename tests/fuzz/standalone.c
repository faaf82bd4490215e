/*
 * standalone.c: replay files through a fuzz target's LLVMFuzzerTestOneInput without libFuzzer,
 * so that every build (gcc included) runs the seed and crash corpora as a ctest (libgit2's
 * fuzzers/standalone_driver.c does the same).
 *
 *   fuzz_read_replay FILE|DIR...     every regular file of each DIR (not recursive), each FILE
 *
 * Exit 0 when at least one file was replayed, 1 when none was found or one could not be read;
 * a crash is a crash.
 */
#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Feed PATH to the target; -1 when it cannot be read. */
static int replay(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *p = realloc(buf, cap * 2);
        if (!p) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = p;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return -1;
    }
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned done = 0, failed = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) < 0) {
            fprintf(stderr, "%s: cannot open\n", argv[i]);
            failed++;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            failed += replay(argv[i]) < 0;
            done++;
            continue;
        }
        DIR *dir = opendir(argv[i]);
        struct dirent *e;
        while (dir && (e = readdir(dir))) {
            char path[4096];
            snprintf(path, sizeof(path), "%s/%s", argv[i], e->d_name);
            if (e->d_name[0] == '.' || stat(path, &st) < 0 || !S_ISREG(st.st_mode))
                continue;
            if (replay(path) < 0) {
                fprintf(stderr, "%s: cannot read\n", path);
                failed++;
            }
            done++;
        }
        if (dir)
            closedir(dir);
    }
    printf("%u inputs replayed\n", done);
    return done && !failed ? 0 : 1;
}
