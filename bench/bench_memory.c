/*
 * bench_memory.c: peak memory of reading, against input size, per reader.
 *
 *   bench_memory [FILE...]
 *
 * Each input is read (paifu_reader_open_buffer + every paifu_reader_next) in a child process of
 * its own, which reports its peak resident set (getrusage RUSAGE_SELF ru_maxrss) less the RSS it
 * had before reading (the program, libraries, the input bytes already in memory). The inputs:
 * every FILE given, or by default the largest real log of each corpus folder, then synthetic
 * ones at growing sizes: a tenhou6 "log" of "{}," (the JSON amplification of issue 16), a
 * MahjongSoul-like and an mjai document of the same kind, an mjlog tag with many attributes,
 * and a gzip bomb. It prints the format detected, the input size, the peak and its ratio to the
 * input, and whether the read succeeded or what refused it. Not a test: the figures depend on
 * the allocator.
 */
#include <dirent.h>
#include <paifu.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

typedef struct result {
    long peak_kb;
    int rc;
    char format[32];
    char text[sizeof(((paifu_error *)0)->text)];
} result;

static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, rss = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &rss) != 2)
            rss = 0;
        fclose(f);
    }
    return rss * (sysconf(_SC_PAGESIZE) / 1024);
}

/* Read DATA in a child; its peak RSS above what it had before reading. */
static result measure(const void *data, size_t size)
{
    result res;
    memset(&res, 0, sizeof(res));
    int fds[2];
    if (pipe(fds) != 0)
        return res;
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        long before = rss_kb();
        paifu_reader *r = NULL;
        paifu_error err;
        paifu_error_clear(&err);
        result out;
        memset(&out, 0, sizeof(out));
        const paifu_game *g;
        int rc = paifu_reader_open_buffer(&r, data, size, NULL, &err);
        if (rc == 0)
            snprintf(out.format, sizeof(out.format), "%s", paifu_reader_format(r));
        while (rc == 0 && (rc = paifu_reader_next(&g, r, &err)) > 0)
            rc = 0;
        paifu_reader_free(r);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        out.peak_kb = ru.ru_maxrss - before;
        out.rc = rc;
        snprintf(out.text, sizeof(out.text), "%s", rc < 0 ? err.text : "read");
        if (write(fds[1], &out, sizeof(out)) != (ssize_t)sizeof(out))
            _exit(1);
        _exit(0);
    }
    close(fds[1]);
    if (pid > 0) {
        if (read(fds[0], &res, sizeof(res)) != (ssize_t)sizeof(res))
            snprintf(res.text, sizeof(res.text), "the child died");
        waitpid(pid, NULL, 0);
    }
    close(fds[0]);
    return res;
}

static void report(const char *name, const void *data, size_t size)
{
    result r = measure(data, size);
    double ratio = size ? (double)r.peak_kb * 1024.0 / (double)size : 0;
    printf("%-44.44s %-10s %10zu %9ld %7.1f  %.70s\n", name, r.format[0] ? r.format : "-", size,
           r.peak_kb, ratio, r.text);
    fflush(stdout);
}

static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return buf;
}

static void file(const char *path)
{
    size_t n;
    char *data = slurp(path, &n);
    if (!data) {
        fprintf(stderr, "bench_memory: cannot read %s\n", path);
        return;
    }
    const char *base = strrchr(path, '/');
    report(base ? base + 1 : path, data, n);
    free(data);
}

/* The largest regular file of each subfolder of DIR (two levels: corpus/FORMAT/SOURCE). */
static void largest_per_folder(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char best[1024] = "";
    off_t best_size = -1;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode) && depth < 2)
            largest_per_folder(path, depth + 1);
        else if (S_ISREG(st.st_mode) && depth == 2 && st.st_size > best_size) {
            best_size = st.st_size;
            snprintf(best, sizeof(best), "%s", path);
        }
    }
    closedir(d);
    if (best[0])
        file(best);
}

static char *repeat(const char *head, const char *unit, const char *tail, size_t n, size_t *size)
{
    size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
    char *s = malloc(hl + ul * n + tl + 1);
    if (!s)
        return NULL;
    memcpy(s, head, hl);
    for (size_t k = 0; k < n; k++)
        memcpy(s + hl + k * ul, unit, ul);
    memcpy(s + hl + n * ul, tail, tl + 1);
    *size = hl + ul * n + tl;
    return s;
}

static void synthetic(void)
{
    static const size_t MB[] = {1, 4, 16, 40};
    for (size_t k = 0; k < sizeof(MB) / sizeof(*MB); k++) {
        size_t units = MB[k] * 1000000 / 3, n;
        char name[64];
        static const char *const JSON[][4] = {
            /* name, head, unit, tail */
            {"tenhou6 log",
             "{\"name\":[\"A\",\"B\",\"C\",\"D\"],\"rule\":{\"disp\":\"x\"},\"log\":[", "{},",
             "{}]}"},
            {"majsoul", "{\"name\":\".lq.GameDetailRecords\",\"data\":{\"actions\":[", "{},",
             "{}]}}"},
            {"mjai line", "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"],\"x\":[",
             "{},", "{}]}\n"},
        };
        char *s;
        for (size_t j = 0; j < sizeof(JSON) / sizeof(*JSON); j++) {
            s = repeat(JSON[j][1], JSON[j][2], JSON[j][3], units, &n);
            snprintf(name, sizeof(name), "%s of {}, (%zu MB)", JSON[j][0], MB[k]);
            if (s)
                report(name, s, n);
            free(s);
        }
        s = repeat("<mjloggm ver=\"2.3\"><GO ", "a=\"1\" ", "/></mjloggm>", units / 2, &n);
        snprintf(name, sizeof(name), "mjlog tag of many attributes (%zu MB)", MB[k]);
        if (s)
            report(name, s, n);
        free(s);
    }
    /* a gzip bomb: 1 GiB of zeros after an mjlog head */
    z_stream zs;
    memset(&zs, 0, sizeof(zs));
    if (deflateInit2(&zs, 9, Z_DEFLATED, 31, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        return;
    size_t cap = 4u << 20;
    unsigned char *out = malloc(cap);
    static unsigned char zeros[1 << 16];
    const char *head = "<mjloggm ver=\"2.3\">";
    zs.next_out = out;
    zs.avail_out = (uInt)cap;
    zs.next_in = (Bytef *)head;
    zs.avail_in = (uInt)strlen(head);
    deflate(&zs, Z_NO_FLUSH);
    for (size_t done = 0; out && done < ((size_t)1 << 30); done += sizeof(zeros)) {
        zs.next_in = zeros;
        zs.avail_in = sizeof(zeros);
        deflate(&zs, Z_NO_FLUSH);
    }
    deflate(&zs, Z_FINISH);
    if (out)
        report("gzip bomb (1 GiB of zeros)", out, zs.total_out);
    deflateEnd(&zs);
    free(out);
}

int main(int argc, char **argv)
{
    paifu_init();
    printf("%-44s %-10s %10s %9s %7s  %s\n", "input", "format", "bytes", "peak KB", "B/byte",
           "result");
    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            file(argv[i]);
        return 0;
    }
    largest_per_folder(PAIFU_CORPUS_DIR, 0);
    synthetic();
    return 0;
}
