/* core.c: initialisation, the runtime lock, fatal errors, clocks. */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"

#include "acc_prof.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

int accrt_sync_always;

__thread int accrt_tls_dev;
int accrt_initial_dev;

int accrt_dev_switch(int n) {
    int prev = accrt_dev();
    if (n != prev) {
        accrt_tls_dev = n + 1;
        accrt_be_switched(n);
    }
    return prev;
}

int accrt_num_devs(void) {
    int n = accrt_be_num_devices();
    return n < ACCRT_MAXDEV ? n : ACCRT_MAXDEV;
}

static void at_exit(void) {
    int d, n = accrt_device_started ? accrt_num_devs() : 0;
    accrt_prof_other(acc_ev_device_shutdown_start, NULL, ACCRT_SYNC, 0);
    for (d = 0; d < n; d++) { /* report failures of kernels still running */
        int prev = accrt_dev_switch(d);
        accrt_wait_all(NULL);
        accrt_dev_switch(prev);
    }
    accrt_prof_other(acc_ev_device_shutdown_end, NULL, ACCRT_SYNC, 0);
    if (accrt_env_flag("ACCC_PRESENT_DUMP"))
        accrt_present_dump();
    accrt_prof_other(acc_ev_runtime_shutdown, NULL, ACCRT_SYNC, 0);
}

/* A synchronous construct (§2.16.1: without async the host waits for its
 * completion) needs no device synchronisation of its own: everything that
 * lets the host see device results (copies to the host, update self,
 * reduction results, device pointers, waits) synchronises first, so the
 * waits that nothing could observe are left out. ACCC_SYNC=1 waits at the
 * end of every construct, which ties a failing kernel to its construct. */
void accrt_construct_done(int async, const accrt_site *s) {
    if (async == ACCRT_SYNC && (accrt_sync_always || accrt_heap_sync()))
        accrt_wait(ACCRT_SYNC, s);
}

void accrt_host_launch_begin(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers, unsigned vlen,
                             int async) {
    accrt_init();
    accrt_check_async(async, s);
    if (accrt_tracing)
        accrt_trace_launch(1, s, kernel, gangs, workers, vlen, async);
    accrt_notify_launch(s, kernel, gangs, workers, vlen);
    if (accrt_prof_active)
        accrt_prof_launch_start(s, kernel, gangs, workers, vlen, async);
}

void accrt_host_launch_end(const accrt_site *s, double start) {
    accrt_profile_launch(s, start >= 0 ? accrt_seconds() - start : 0);
    if (accrt_prof_active)
        accrt_prof_launch_end(s);
    if (accrt_tracing)
        accrt_trace_launch(0, s, NULL, 0, 0, 0, ACCRT_SYNC);
}

/* Separate memory: the host sees the device's results only through the
 * runtime (copyout, update), which waits for them, so a synchronous
 * construct may complete lazily. memory.c, linked in a program built with
 * -gpu=mem:managed or unified, replaces this: there the host reads what
 * the kernels wrote directly. */
__attribute__((weak)) int accrt_heap_sync(void) { return 0; }

/* Profiling libraries first (ACC_PROFLIB, §5.3.3), so that they see the
 * device initialisation; then the checks of ACC_DEVICE_TYPE and
 * ACC_DEVICE_NUM; then the device. Nothing here may call accrt_init. */
static void init(void) {
    accrt_sync_always = accrt_env_flag("ACCC_SYNC") || accrt_env_flag("NV_ACC_SYNCHRONOUS") ||
                        accrt_env_flag("NVCOMPILER_ACC_SYNCHRONOUS");
#if defined(ACCRT_BACKEND_EMULATE)
    accrt_check_init(); /* before atexit(at_exit): its report comes last */
#endif
    accrt_profile_init();
    accrt_trace_init();
    accrt_prof_load();
    accrt_api_init();
    if (!accrt_api_initial_host())
        accrt_device_init();
    atexit(at_exit);
}

void accrt_init(void) { pthread_once(&init_once, init); }

/* The build's device starts with the runtime, unless the host is the
 * device type the program starts with (ACC_DEVICE_TYPE=host): then when
 * the program first selects the device (acc_set_device_type, acc_init),
 * so that a program that runs on the host never touches the device. */
static pthread_once_t device_once = PTHREAD_ONCE_INIT;
int accrt_device_started;

static void start_device(void) {
    accrt_prof_other(acc_ev_device_init_start, NULL, ACCRT_SYNC, 0);
    accrt_be_init();
    accrt_prof_other(acc_ev_device_init_end, NULL, ACCRT_SYNC, 0);
    __atomic_store_n(&accrt_device_started, 1, __ATOMIC_RELEASE);
}

void accrt_device_init(void) { pthread_once(&device_once, start_device); }

__thread int accrt_in_runtime;

void accrt_lock(void) {
    accrt_in_runtime++; /* before the backend starts: its allocations are not the program's */
    accrt_init();
    pthread_mutex_lock(&mu);
#if defined(ACCRT_BACKEND_EMULATE)
    accrt_check_enter_runtime();
#endif
}

void accrt_unlock(void) {
#if defined(ACCRT_BACKEND_EMULATE)
    accrt_check_leave_runtime();
#endif
    pthread_mutex_unlock(&mu);
    accrt_in_runtime--;
}

/* The acc_error_t of a message of accrt_fatal without a code. */
static int classify(const char *msg) {
    static const struct {
        const char *text;
        int code;
    } kinds[] = {
        {"partially present", acc_error_partly_present},
        {"was not found on device", acc_error_not_present},
        {"out of memory", acc_error_out_of_memory},
        {"out of host memory", acc_error_out_of_memory},
        {"kernel launch failed", acc_error_execution},
        {"no CUDA device", acc_error_device_init},
        {"ACC_DEVICE_NUM", acc_error_device_unavailable},
        {"CUDA error", acc_error_system},
    };
    size_t i;
    for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strstr(msg, kinds[i].text))
            return kinds[i].code;
    return acc_error_other;
}

/* Whether msg names routine as a word of its own. */
static int names(const char *msg, const char *routine) {
    size_t n = strlen(routine);
    const char *p;
    for (p = strstr(msg, routine); p; p = strstr(p + 1, routine)) {
        char after = p[n];
        int starts = p == msg || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
        if (starts && !(isalnum((unsigned char)after) || after == '_'))
            return 1;
    }
    return 0;
}

/* Formats the message, with the fields of the site that are known last.
 * An error of a call of an openacc.h routine whose line is unknown (a
 * call through a pointer, or from code compiled without openacc.h's
 * macros) starts with "<routine>: " unless it names the routine: nothing
 * else would tell which call failed. */
static char *format(char *buf, size_t size, const accrt_site *s, const char *fmt, va_list ap) {
    const char *routine = accrt_api_routine(s);
    char *msg = buf;
    size_t cap = size, n;
    int len;
    va_list aq;
    va_copy(aq, ap);
    len = vsnprintf(buf, size, fmt, ap);
    if (len > 0 && (size_t)len + 512 > size) {
        char *big = malloc((size_t)len + 512);
        if (big) {
            msg = big;
            cap = (size_t)len + 512;
            vsnprintf(msg, cap, fmt, aq);
        }
    }
    va_end(aq);
    n = strlen(msg);
    if (routine && !(s->line > 0) && !names(msg, routine) && n + strlen(routine) + 2 < cap) {
        size_t r = strlen(routine);
        memmove(msg + r + 2, msg, n + 1);
        memcpy(msg, routine, r);
        memcpy(msg + r, ": ", 2);
        n += r + 2;
    }
    if (s && s->file && *s->file && n < cap)
        n += (size_t)snprintf(msg + n, cap - n, " file:%s", s->file);
    if (s && s->func && *s->func && n < cap)
        n += (size_t)snprintf(msg + n, cap - n, " function:%s", s->func);
    if (s && s->line > 0 && n < cap)
        snprintf(msg + n, cap - n, " line:%d", s->line);
    return msg;
}

/* Formats the message, calls the acc_ev_error callbacks (once: an error
 * in a callback goes straight to the exit), prints the FATAL ERROR line
 * and exits(1). */
ACCRT_NORETURN static void vfatal(int code, const accrt_site *s, const char *fmt, va_list ap) {
    static int failing;
    char buf[1024];
    const char *msg = format(buf, sizeof buf, s, fmt, ap);
    int kind = code ? code : classify(msg);
    fflush(stdout);
    if (!__atomic_exchange_n(&failing, 1, __ATOMIC_SEQ_CST))
        accrt_prof_error(kind, msg, s);
    fprintf(stderr, "FATAL ERROR: %s\n", msg);
    if (kind == acc_error_not_present || kind == acc_error_partly_present)
        accrt_present_dump(); /* what is present instead, as NVHPC prints it */
    exit(1);
}

void accrt_fatal(const accrt_site *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfatal(0, s, fmt, ap);
}

void accrt_fatal_code(int code, const accrt_site *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfatal(code, s, fmt, ap);
}

void accrt_bad_step(accrt_llong step, const char *file, int line) {
    accrt_site s = {file, line, NULL, NULL};
    accrt_fatal(&s, "the loop never ends: its condition holds at the start and each iteration moves its index %lld "
                "toward the bound (a loop's trip count must be computable when it starts, OpenACC 3.4 section 2.9)",
                step);
}

double accrt_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int accrt_env_flag(const char *name) {
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

const char *accrt_backend(void) {
#if defined(ACCRT_BACKEND_CUDA)
    return "cuda";
#elif defined(ACCRT_BACKEND_EMULATE)
    return "emulate";
#else
    return "shared";
#endif
}
