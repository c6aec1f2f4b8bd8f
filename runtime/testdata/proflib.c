/* proflib.c: a tiny OpenACC profiling library (spec chapter 5), loaded
 * with ACC_PROFLIB. It counts the events it sees and prints the counts
 * to stderr at acc_ev_runtime_shutdown, one "proflib: EVENT N" line per
 * event seen, plus the first kernel and variable names. */
#include <stdio.h>
#include <string.h>

#include "acc_prof.h"

static long counts[acc_ev_last];
static char kernel[64], var[64];
static int bad_version;

static const char *names[acc_ev_last] = {
    "none", "device_init_start", "device_init_end", "device_shutdown_start", "device_shutdown_end",
    "runtime_shutdown", "create", "delete", "alloc", "free", "enter_data_start", "enter_data_end",
    "exit_data_start", "exit_data_end", "update_start", "update_end", "compute_construct_start",
    "compute_construct_end", "enqueue_launch_start", "enqueue_launch_end", "enqueue_upload_start",
    "enqueue_upload_end", "enqueue_download_start", "enqueue_download_end", "wait_start", "wait_end",
};

static void count(acc_prof_info *pi, acc_event_info *ei, acc_api_info *ai) {
    int i;
    (void)ai;
    if (pi->version != 202506 || pi->valid_bytes < (int)sizeof *pi)
        bad_version = 1;
    counts[pi->event_type]++;
    if (pi->event_type == acc_ev_enqueue_launch_start && !kernel[0] && ei->launch_event.kernel_name)
        snprintf(kernel, sizeof kernel, "%s", ei->launch_event.kernel_name);
    if (pi->event_type == acc_ev_enqueue_upload_start && !var[0] && ei->data_event.var_name)
        snprintf(var, sizeof var, "%s", ei->data_event.var_name);
    if (pi->event_type != acc_ev_runtime_shutdown)
        return;
    for (i = 0; i < acc_ev_last; i++)
        if (counts[i] && names[i])
            fprintf(stderr, "proflib: %s %ld\n", names[i], counts[i]);
    fprintf(stderr, "proflib: kernel=%s var=%s version_ok=%d\n", kernel, var, !bad_version);
}

void acc_register_library(acc_prof_reg reg, acc_prof_reg unreg, acc_prof_lookup_func lookup) {
    int e;
    acc_query_fn f = lookup("acc_get_device_type");
    (void)unreg;
    fprintf(stderr, "proflib: registered lookup=%d unknown=%d\n", f != NULL, lookup("no_such_routine") != NULL);
    for (e = acc_ev_device_init_start; e <= acc_ev_wait_end; e++)
        reg((acc_event_t)e, count, acc_reg);
}
