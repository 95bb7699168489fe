/*
 * The C side of scripts/bench.sh: navrouter through libnavrouter.so, as a C host calls it.
 *
 *   bench tables DATA_DIR ROUNDS   look-ups through the C ABI beside a C FNV-1a floor, per table (interleaved rounds)
 *   bench events ROUNDS            navigation events (push/pop pairs) delivered to a C navigator callback
 *   bench startup RUNS             start → load libnavrouter.so → first resolve, of a fresh process (median)
 *   bench registration DATA COPIES COPIES x the synthetic10k routes, one call each and in one batch (best of 5)
 *   bench first-resolve            (the child of "startup")
 *   bench profile DATA TABLE CONTENDER PASSES   one contender (floor, lookup, resolve, packed) over a table, PASSES
 *                                  times and nothing else: for `valgrind --tool=callgrind`, whose instruction counts
 *                                  repeat on a noisy machine (divide by PASSES x look-ups)
 *
 * Output: Markdown tables, and "RESULT key value" lines that scripts/bench.sh collects.
 */
#define _POSIX_C_SOURCE 200809L
#include <navrouter.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile uint64_t blackhole;

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void die(const char *what) {
    fprintf(stderr, "bench: %s: %s\n", what, navrouter_last_error());
    exit(1);
}

/* A table: patterns, look-up URLs and their expected patterns (all strings point into one buffer), and for each
 * look-up the names of its route's parameters (NULL-terminated lists, as a host knows them from its routes; see
 * intern_parameter_names for their layout). */
typedef struct {
    char *text_patterns, *text_lookups;
    char **patterns, **urls, **expected;
    char ***parameter_names;
    char **interned; /* the distinct parameter names, NULL-terminated; parameter_names[0] is the lists' array */
    size_t pattern_count, lookup_count;
} table;

/* The parameter names of a pattern (":id", "<id>", "<int:id>", "*rest", "<path:rest>"), as a NULL-terminated list. */
static char **parameter_names_of(const char *pattern) {
    char **names = calloc(strlen(pattern) + 1, sizeof *names);
    size_t count = 0;
    for (const char *segment = pattern; *segment;) {
        const char *end = strchr(segment, '/');
        size_t length = end ? (size_t)(end - segment) : strlen(segment);
        const char *name = NULL;
        size_t name_length = 0;
        if (segment[0] == ':' || segment[0] == '*') {
            name = segment + 1;
            name_length = length - 1;
        } else if (segment[0] == '<') {
            const char *colon = memchr(segment, ':', length);
            name = colon ? colon + 1 : segment + 1;
            name_length = (size_t)(segment + length - 1 - name);
        }
        if (name) {
            names[count] = malloc(name_length + 1);
            memcpy(names[count], name, name_length);
            names[count++][name_length] = '\0';
        }
        segment += length;
        if (*segment == '/') segment++;
    }
    return names;
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        perror(path);
        exit(1);
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (fread(text, 1, (size_t)size, file) != (size_t)size) {
        perror(path);
        exit(1);
    }
    text[size] = '\0';
    fclose(file);
    return text;
}

static size_t split_lines(char *text, char ***out) {
    size_t count = 0, capacity = 1024;
    char **lines = malloc(capacity * sizeof *lines);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (count == capacity) lines = realloc(lines, (capacity *= 2) * sizeof *lines);
        lines[count++] = line;
    }
    *out = lines;
    return count;
}

/* Lays the names out as a host holds them and as the harness holds its other inputs: each distinct name once (a
 * host's string literal), and the look-ups' lists in one array in look-up order, read in sequence as the URLs and
 * their lengths are. (Lists and names in a block each made the resolve row pay for the harness's own cache misses,
 * which the look-up row never reads: 10-40 ns a URL on the 10k and 100k tables.) */
static void intern_parameter_names(table *t) {
    size_t total = 0, distinct = 0;
    for (size_t i = 0; i < t->lookup_count; i++)
        for (char **name = t->parameter_names[i]; *name; name++) total++;
    char **flat = malloc((total + t->lookup_count) * sizeof *flat);
    char **names = malloc((total + 1) * sizeof *names);
    size_t at = 0;
    for (size_t i = 0; i < t->lookup_count; i++) {
        char **list = t->parameter_names[i];
        t->parameter_names[i] = flat + at;
        for (char **name = list; *name; name++) {
            size_t k = 0;
            while (k < distinct && strcmp(names[k], *name) != 0) k++;
            if (k == distinct)
                names[distinct++] = *name;
            else
                free(*name);
            flat[at++] = names[k];
        }
        flat[at++] = NULL;
        free(list);
    }
    names[distinct] = NULL;
    t->interned = names;
}

static table load_table(const char *dir, const char *name) {
    char path[1024];
    table t;
    snprintf(path, sizeof path, "%s/%s.txt", dir, name);
    t.text_patterns = read_file(path);
    t.pattern_count = split_lines(t.text_patterns, &t.patterns);
    snprintf(path, sizeof path, "%s/%s.lookups.txt", dir, name);
    t.text_lookups = read_file(path);
    char **lines;
    t.lookup_count = split_lines(t.text_lookups, &lines);
    t.urls = malloc(t.lookup_count * sizeof *t.urls);
    t.expected = malloc(t.lookup_count * sizeof *t.expected);
    for (size_t i = 0; i < t.lookup_count; i++) {
        char *tab = strchr(lines[i], '\t');
        if (!tab) {
            fprintf(stderr, "bench: %s: bad look-up line\n", name);
            exit(1);
        }
        *tab = '\0';
        t.urls[i] = lines[i];
        t.expected[i] = tab + 1;
    }
    t.parameter_names = malloc(t.lookup_count * sizeof *t.parameter_names);
    for (size_t i = 0; i < t.lookup_count; i++) t.parameter_names[i] = parameter_names_of(t.expected[i]);
    free(lines);
    intern_parameter_names(&t);
    return t;
}

static void free_table(table *t) {
    for (char **name = t->interned; *name; name++) free(*name);
    free(t->interned);
    if (t->lookup_count) free(t->parameter_names[0]);
    free(t->parameter_names);
    free(t->patterns);
    free(t->urls);
    free(t->expected);
    free(t->text_patterns);
    free(t->text_lookups);
}

/* ---- contenders: one pass over every URL; returns a checksum ---- */

typedef struct {
    navrouter_registry *registry;
    table *t;
    size_t *lengths;
} input;

static uint64_t pass_floor(const input *in) {
    uint64_t sum = 0;
    for (size_t i = 0; i < in->t->lookup_count; i++) {
        const unsigned char *p = (const unsigned char *)in->t->urls[i];
        uint64_t hash = 0xcbf29ce484222325u;
        for (size_t n = in->lengths[i]; n; n--, p++) hash = (hash ^ *p) * 0x100000001b3u;
        sum += hash;
    }
    return sum;
}

static uint64_t pass_lookup(const input *in) {
    uint64_t sum = 0;
    navrouter_range ranges[64];
    for (size_t i = 0; i < in->t->lookup_count; i++) {
        uint32_t route;
        size_t count;
        if (navrouter_registry_lookup(in->registry, in->t->urls[i], in->lengths[i], &route, ranges, 64, &count) ==
            NAVROUTER_OK)
            sum += route + (count ? ranges[count - 1].end : 0);
    }
    return sum;
}

static uint64_t pass_resolve(const input *in) {
    uint64_t sum = 0;
    for (size_t i = 0; i < in->t->lookup_count; i++) {
        navrouter_match *match;
        if (navrouter_registry_resolve(in->registry, in->t->urls[i], &match) == NAVROUTER_OK) {
            sum += (uint64_t)strlen(navrouter_match_route(match));
            for (char **name = in->t->parameter_names[i]; *name; name++)
                sum += (uint64_t)strlen(navrouter_match_param(match, *name));
            navrouter_match_free(match);
        }
    }
    return sum;
}

/* Every string of the packed match read (its length summed). */
static uint64_t pass_resolve_packed(const input *in) {
    uint64_t sum = 0;
    static uint32_t buffer[1024];
    for (size_t i = 0; i < in->t->lookup_count; i++) {
        size_t size;
        if (navrouter_registry_resolve_packed(in->registry, in->t->urls[i], in->lengths[i], buffer, sizeof buffer,
                                              &size) != NAVROUTER_OK)
            continue;
        const navrouter_packed_match *head = (const navrouter_packed_match *)buffer;
        const char *string = (const char *)(head + 1);
        for (uint32_t k = 0; k < head->string_count; k++) {
            size_t length = strlen(string);
            sum += length;
            string += length + 1;
        }
    }
    return sum;
}

typedef uint64_t (*pass_fn)(const input *);

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The pause between two rounds: the shared machine's slow stretches last seconds, and back-to-back rounds could
 * all fall into one. */
#define ROUND_PAUSE_NS 300000000L

/* Interleaved rounds, ROUND_PAUSE_NS apart; each sample calibrated to about 20 ms. Fills best, median and worst ns
 * per look-up. */
static void measure(pass_fn *passes, size_t count, const input *in, int rounds, double *best, double *median,
                    double *worst) {
    size_t repeat[8];
    double samples[8][64];
    for (size_t c = 0; c < count; c++) {
        size_t n = 1;
        for (;;) {
            uint64_t start = now_ns();
            for (size_t k = 0; k < n; k++) blackhole += passes[c](in);
            uint64_t elapsed = now_ns() - start;
            if (elapsed >= 5000000u) {
                repeat[c] = (size_t)((double)n * 20e6 / (double)elapsed) + 1;
                break;
            }
            n *= 2;
        }
    }
    for (int r = 0; r < rounds; r++) {
        if (r > 0) nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = ROUND_PAUSE_NS}, NULL);
        for (size_t c = 0; c < count; c++) {
            uint64_t start = now_ns();
            for (size_t k = 0; k < repeat[c]; k++) blackhole += passes[c](in);
            samples[c][r] = (double)(now_ns() - start) / (double)(repeat[c] * in->t->lookup_count);
        }
    }
    for (size_t c = 0; c < count; c++) {
        qsort(samples[c], (size_t)rounds, sizeof(double), compare_doubles);
        best[c] = samples[c][0];
        median[c] = samples[c][rounds / 2];
        worst[c] = samples[c][rounds - 1];
    }
}

/* Whether DIR has the table NAME (its patterns file). */
static int has_table(const char *dir, const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.txt", dir, name);
    FILE *file = fopen(path, "rb");
    if (file) fclose(file);
    return file != NULL;
}

static int bench_tables(const char *dir, int rounds) {
    /* synthetic100k (ten prefixed copies of synthetic10k) when scripts/bench.sh has made it in DIR. */
    static const char *names[] = {"github", "static", "synthetic10k", "synthetic100k"};
    size_t table_count = has_table(dir, names[3]) ? 4 : 3;
    static const char *labels[] = {"floor: FNV-1a over the URL bytes (C)", "navrouter_registry_lookup (no allocation)",
                                   "navrouter_registry_resolve + every navrouter_match_param + navrouter_match_free",
                                   "navrouter_registry_resolve_packed, every string read"};
    pass_fn passes[] = {pass_floor, pass_lookup, pass_resolve, pass_resolve_packed};
    if (rounds > 64) rounds = 64;
    printf("## Through the C ABI (libnavrouter.so; ns per look-up, best of %d interleaved rounds, 0.3 s apart)\n\n",
           rounds);
    printf(
        "| table | contender | best ns | median ns | spread | x floor |\n| --- | --- | ---: | ---: | ---: | ---: |\n");
    for (size_t n = 0; n < table_count; n++) {
        table t = load_table(dir, names[n]);
        navrouter_registry *registry;
        if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) die("registry_new");
        for (size_t i = 0; i < t.pattern_count; i++)
            if (navrouter_registry_add_route(registry, t.patterns[i], t.patterns[i], 0) != NAVROUTER_OK)
                die(t.patterns[i]);
        size_t *lengths = malloc(t.lookup_count * sizeof *lengths);
        for (size_t i = 0; i < t.lookup_count; i++) {
            lengths[i] = strlen(t.urls[i]);
            navrouter_match *match;
            if (navrouter_registry_resolve(registry, t.urls[i], &match) != NAVROUTER_OK) die(t.urls[i]);
            if (strcmp(navrouter_match_route(match), t.expected[i]) != 0) {
                fprintf(stderr, "bench: %s resolves to %s, expected %s\n", t.urls[i], navrouter_match_route(match),
                        t.expected[i]);
                return 1;
            }
            navrouter_match_free(match);
        }
        input in = {registry, &t, lengths};
        double best[4], median[4], worst[4];
        measure(passes, 4, &in, rounds, best, median, worst);
        for (size_t c = 0; c < 4; c++)
            printf("| %s | %s | %.1f | %.1f | %.0f%% | %.2f |\n", names[n], labels[c], best[c], median[c],
                   (worst[c] - best[c]) / best[c] * 100, best[c] / best[0]);
        printf("RESULT c.%s.floor_ns %.2f\nRESULT c.%s.lookup_ns %.2f\nRESULT c.%s.resolve_ns %.2f\n"
               "RESULT c.%s.resolve_packed_ns %.2f\n",
               names[n], best[0], names[n], best[1], names[n], best[2], names[n], best[3]);
        free(lengths);
        navrouter_registry_free(registry);
        free_table(&t);
    }
    printf("\n");
    return 0;
}

/* ---- events ---- */

static int count_event(const navrouter_event *event, void *user_data) {
    uint64_t *counts = user_data;
    counts[navrouter_event_kind(event) == NAVROUTER_EVENT_STATE_CHANGED ? 1 : 0]++;
    return 0;
}

/* A host that draws: it reads each event's entry and that entry's route name, as a renderer does. */
static int draw_event(const navrouter_event *event, void *user_data) {
    uint64_t *counts = user_data;
    const navrouter_entry *entry = navrouter_event_entry(event);
    if (entry) counts[2] += strlen(navrouter_entry_route(entry));
    return count_event(event, user_data);
}

/* One round of push/pop pairs; the seconds a pair took. */
static double events_round(navrouter_router *router, uint64_t *counts, int pairs) {
    uint64_t before = counts[0] + counts[1];
    uint64_t start = now_ns();
    for (int i = 0; i < pairs; i++) {
        if (navrouter_router_navigate(router, "/items/42", NULL, NULL) != NAVROUTER_OK) die("navigate");
        if (navrouter_router_pop(router, 1, NULL, NULL) != NAVROUTER_OK) die("pop");
    }
    double per_pair = (double)(now_ns() - start) / 1e9 / pairs;
    if (counts[0] + counts[1] - before != (uint64_t)pairs * 4) die("lost events");
    return per_pair;
}

static int bench_events(int rounds) {
    navrouter_registry *registry;
    navrouter_router *routers[2];
    navrouter_navigator_fn navigators[2] = {count_event, draw_event};
    uint64_t counts[2][3] = {{0, 0, 0}, {0, 0, 0}};
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) die("registry_new");
    if (navrouter_registry_add_route(registry, "list", "items", 0) ||
        navrouter_registry_add_route(registry, "item", "items/:id", 0))
        die("add_route");
    for (int k = 0; k < 2; k++) {
        if (navrouter_router_new(&routers[k], registry) != NAVROUTER_OK) die("router_new");
        navrouter_router_set_navigator(routers[k], navigators[k], counts[k], NULL);
        if (navrouter_router_set_stack(routers[k], (const char *const[]){"/items"}, 1, NULL) != NAVROUTER_OK)
            die("set_stack");
    }
    double best[2] = {1e300, 1e300}, worst[2] = {0, 0};
    const int pairs = 10000; /* about 20 ms a round, as the Swift harness calibrates its samples */
    for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < 2; k++) { /* interleaved: both hosts see the same stretches of the machine */
            double per_pair = events_round(routers[k], counts[k], pairs);
            if (per_pair < best[k]) best[k] = per_pair;
            if (per_pair > worst[k]) worst[k] = per_pair;
        }
        /* Rounds spread over a few seconds: the shared machine has slow stretches of a second or more, longer than
         * all the rounds would take back to back. */
        nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 250000000}, NULL);
    }
    printf("## Navigation events through the C ABI (push/pop pairs; best of %d rounds of %d pairs, 0.25 s apart)\n\n",
           rounds, pairs);
    printf("| measure | best | spread |\n| --- | ---: | ---: |\n");
    printf("| push + pop pair (2 commands), navigator reads each event's kind | %.2f µs | %.0f%% |\n", best[0] * 1e6,
           (worst[0] - best[0]) / best[0] * 100);
    printf("| visible events (push, pop) per second | %.0f | |\n", 2 / best[0]);
    printf("| all events incl. state_changed per second | %.0f | |\n", 4 / best[0]);
    printf("| pair, navigator reads each event's entry and route (a drawing host) | %.2f µs | %.0f%% |\n",
           best[1] * 1e6, (worst[1] - best[1]) / best[1] * 100);
    printf("| visible events per second to the drawing host | %.0f | |\n\n", 2 / best[1]);
    printf("RESULT c.events_per_second %.0f\nRESULT c.all_events_per_second %.0f\n", 2 / best[0], 4 / best[0]);
    printf("RESULT c.drawing_events_per_second %.0f\n", 2 / best[1]);
    for (int k = 0; k < 2; k++) navrouter_router_free(routers[k]);
    navrouter_registry_free(registry);
    return 0;
}

/* ---- start-up ---- */

static int first_resolve(void) {
    navrouter_registry *registry;
    navrouter_match *match;
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) return 1;
    if (navrouter_registry_add_route(registry, "product", "shop/product/<int:id>", 0) != NAVROUTER_OK) return 1;
    if (navrouter_registry_resolve(registry, "myapp://shop/product/42", &match) != NAVROUTER_OK) return 1;
    int ok = strcmp(navrouter_match_param(match, "id"), "42") == 0;
    navrouter_match_free(match);
    navrouter_registry_free(registry);
    return ok ? 0 : 1;
}

static double run_child(const char *self, const char *mode) {
    uint64_t start = now_ns();
    pid_t pid = fork();
    if (pid == 0) {
        execl(self, self, mode, (char *)NULL);
        _exit(127);
    }
    int status;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench: child %s failed\n", mode);
        exit(1);
    }
    return (double)(now_ns() - start) / 1e6;
}

static int bench_startup(const char *self, int runs) {
    double *with = malloc((size_t)runs * sizeof *with), *without = malloc((size_t)runs * sizeof *without);
    for (int i = 0; i < runs; i++) { /* interleaved: the same process started without touching the library */
        with[i] = run_child(self, "first-resolve");
        without[i] = run_child(self, "nothing");
    }
    qsort(with, (size_t)runs, sizeof(double), compare_doubles);
    qsort(without, (size_t)runs, sizeof(double), compare_doubles);
    printf("## Start-up (fork + exec of a C program linked to libnavrouter.so; median of %d runs)\n\n", runs);
    printf("| program | median ms | p10 ms | p90 ms |\n| --- | ---: | ---: | ---: |\n");
    printf("| start → load → register a route → first resolve → exit | %.2f | %.2f | %.2f |\n", with[runs / 2],
           with[runs / 10], with[runs * 9 / 10]);
    printf("| the same program exiting at once (process and loader cost) | %.2f | %.2f | %.2f |\n\n", without[runs / 2],
           without[runs / 10], without[runs * 9 / 10]);
    printf("RESULT c.startup_ms %.2f\nRESULT c.startup_baseline_ms %.2f\n", with[runs / 2], without[runs / 2]);
    free(with);
    free(without);
    return 0;
}

/* Registration of `copies` x the synthetic10k patterns (each copy under its own first segment) through the C ABI:
 * one navrouter_registry_add_route() call per route, and one navrouter_registry_add_routes() call; best of 5. */
static int bench_registration(const char *dir, int copies) {
    table t = load_table(dir, "synthetic10k");
    size_t count = t.pattern_count * (size_t)copies;
    navrouter_route_spec *specs = malloc(count * sizeof *specs);
    char **texts = malloc(count * sizeof *texts);
    for (size_t i = 0; i < count; i++) {
        const char *pattern = t.patterns[i % t.pattern_count];
        size_t size = strlen(pattern) + 16;
        texts[i] = malloc(size);
        snprintf(texts[i], size, "/r%zu%s", i / t.pattern_count, pattern);
        specs[i] = (navrouter_route_spec){texts[i], texts[i], 0};
    }
    double best_each = 1e30, best_batch = 1e30;
    for (int round = 0; round < 5; round++) {
        navrouter_registry *registry;
        if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) die("registry_new");
        uint64_t start = now_ns();
        for (size_t i = 0; i < count; i++)
            if (navrouter_registry_add_route(registry, specs[i].name, specs[i].pattern, 0) != NAVROUTER_OK)
                die(specs[i].pattern);
        double each = (double)(now_ns() - start) / 1e6;
        navrouter_registry_free(registry);
        if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) die("registry_new");
        start = now_ns();
        if (navrouter_registry_add_routes(registry, specs, count) != NAVROUTER_OK) die("add_routes");
        double batch = (double)(now_ns() - start) / 1e6;
        navrouter_registry_free(registry);
        if (each < best_each) best_each = each;
        if (batch < best_batch) best_batch = batch;
        nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = ROUND_PAUSE_NS}, NULL);
    }
    printf("## Registration through the C ABI (%zu synthetic routes, best of 5)\n\n", count);
    printf("| way | ms |\n| --- | ---: |\n| one navrouter_registry_add_route() call per route | %.1f |\n"
           "| one navrouter_registry_add_routes() call | %.1f |\n\n",
           best_each, best_batch);
    printf("RESULT c.registration_each_ms %.1f\nRESULT c.registration_batch_ms %.1f\n", best_each, best_batch);
    for (size_t i = 0; i < count; i++) free(texts[i]);
    free(texts);
    free(specs);
    free_table(&t);
    return 0;
}

/* One contender, `passes` times over a table (for callgrind: no timing, no other contender in the process). */
static int bench_profile(const char *dir, const char *name, const char *contender, int passes) {
    static const char *names[] = {"floor", "lookup", "resolve", "packed"};
    pass_fn functions[] = {pass_floor, pass_lookup, pass_resolve, pass_resolve_packed};
    size_t which = 0;
    while (which < 4 && strcmp(names[which], contender) != 0) which++;
    if (which == 4) {
        fprintf(stderr, "bench: no contender named %s\n", contender);
        return 2;
    }
    table t = load_table(dir, name);
    navrouter_registry *registry;
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) die("registry_new");
    for (size_t i = 0; i < t.pattern_count; i++)
        if (navrouter_registry_add_route(registry, t.patterns[i], t.patterns[i], 0) != NAVROUTER_OK) die(t.patterns[i]);
    size_t *lengths = malloc(t.lookup_count * sizeof *lengths);
    for (size_t i = 0; i < t.lookup_count; i++) lengths[i] = strlen(t.urls[i]);
    input in = {registry, &t, lengths};
    for (int k = 0; k < passes; k++) blackhole += functions[which](&in);
    printf("%s %s: %d passes x %zu look-ups\n", name, contender, passes, t.lookup_count);
    free(lengths);
    navrouter_registry_free(registry);
    free_table(&t);
    return 0;
}

static int proceed(navrouter_interception *interception, void *user_data) {
    (void)interception, (void)user_data;
    return NAVROUTER_DECISION_PROCEED;
}

/* Push/pop pairs with an `after` interceptor on the pushed route, for `valgrind --tool=callgrind` (no timing): what a
 * navigation costs where the guards run after it. */
static int bench_after_pairs(int pairs) {
    navrouter_registry *registry;
    navrouter_router *router;
    uint64_t counts[3] = {0, 0, 0}, id;
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) die("registry_new");
    if (navrouter_registry_add_route(registry, "list", "items", 0) ||
        navrouter_registry_add_route(registry, "item", "items/<int:id>", 0))
        die("add_route");
    if (navrouter_registry_add_interceptor(registry, "after", NAVROUTER_PHASE_AFTER, 0, NULL, (const char *[]){"item"},
                                           1, 0, NULL, proceed, NULL, NULL, &id) != NAVROUTER_OK)
        die("add_interceptor");
    if (navrouter_router_new(&router, registry) != NAVROUTER_OK) die("router_new");
    navrouter_router_set_navigator(router, count_event, counts, NULL);
    if (navrouter_router_set_stack(router, (const char *const[]){"/items"}, 1, NULL) != NAVROUTER_OK) die("set_stack");
    for (int i = 0; i < pairs; i++) {
        if (navrouter_router_navigate(router, "/items/42?ref=mail", NULL, &id) != NAVROUTER_OK) die("navigate");
        if (navrouter_router_pop(router, 1, NULL, &id) != NAVROUTER_OK) die("pop");
    }
    printf("after-pairs: %d pairs, %llu events\n", pairs, (unsigned long long)(counts[0] + counts[1] + counts[2]));
    navrouter_router_free(router);
    navrouter_registry_free(registry);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "first-resolve") == 0) return first_resolve();
    if (argc >= 2 && strcmp(argv[1], "nothing") == 0) return 0;
    if (argc >= 4 && strcmp(argv[1], "tables") == 0) return bench_tables(argv[2], atoi(argv[3]));
    if (argc >= 3 && strcmp(argv[1], "events") == 0) return bench_events(atoi(argv[2]));
    if (argc >= 3 && strcmp(argv[1], "after-pairs") == 0) return bench_after_pairs(atoi(argv[2]));
    if (argc >= 3 && strcmp(argv[1], "startup") == 0) return bench_startup(argv[0], atoi(argv[2]));
    if (argc >= 6 && strcmp(argv[1], "profile") == 0) return bench_profile(argv[2], argv[3], argv[4], atoi(argv[5]));
    if (argc >= 4 && strcmp(argv[1], "registration") == 0) return bench_registration(argv[2], atoi(argv[3]));
    fprintf(stderr,
            "usage: bench tables DATA_DIR ROUNDS | events ROUNDS | after-pairs PAIRS | startup RUNS | registration "
            "DATA_DIR COPIES\n");
    return 2;
}
