// run
/* The profiling interface (chapter 5) from inside the program: its own
   acc_register_library (§5.3.2) is called at initialisation; callbacks
   see device initialisation, data routines, kernel launches and, where
   device memory is separate, the transfers. */
#include <acc_prof.h>
#include <openacc.h>
#include <stdio.h>
#include <string.h>

#define N 1000
static long counts[acc_ev_last];
static int launch_named, var_named;
double a[N];

static void cb(acc_prof_info *pi, acc_event_info *ei, acc_api_info *ai) {
    (void)ai;
    counts[pi->event_type]++;
    if (pi->event_type == acc_ev_enqueue_launch_start && ei->launch_event.kernel_name)
        launch_named = 1;
    if (pi->event_type == acc_ev_enqueue_upload_start && ei->data_event.var_name && ei->data_event.bytes > 0)
        var_named = 1;
}

void acc_register_library(acc_prof_reg reg, acc_prof_reg unreg, acc_prof_lookup_func lookup) {
    (void)unreg;
    printf("registered, lookup works: %d\n", lookup("acc_get_device_type") != NULL);
    for (int e = acc_ev_device_init_start; e <= acc_ev_wait_end; e++)
        reg((acc_event_t)e, cb, acc_reg);
}

int main(void) {
    int separate = acc_get_device_type() != acc_device_host;
    for (int i = 0; i < N; i++) a[i] = i;
    acc_init(acc_device_default);
    printf("device init: %ld %ld\n", counts[acc_ev_device_init_start], counts[acc_ev_device_init_end]);
    acc_copyin(a, sizeof a);
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] += 1;
    acc_update_self(a, sizeof a);
    acc_copyout(a, sizeof a);
    acc_wait(1);
    printf("enter data: %ld %ld\n", counts[acc_ev_enter_data_start], counts[acc_ev_enter_data_end]);
    printf("exit data: %ld %ld\n", counts[acc_ev_exit_data_start], counts[acc_ev_exit_data_end]);
    printf("update: %ld %ld\n", counts[acc_ev_update_start], counts[acc_ev_update_end]);
    printf("wait: %ld %ld\n", counts[acc_ev_wait_start], counts[acc_ev_wait_end]);
    printf("launches: %d, named %d\n", counts[acc_ev_enqueue_launch_start] >= 1 &&
                                           counts[acc_ev_enqueue_launch_start] == counts[acc_ev_enqueue_launch_end],
           launch_named);
    printf("uploads where memory is separate: %d\n",
           (counts[acc_ev_enqueue_upload_start] > 0) == separate && (var_named || !separate));
    printf("downloads where memory is separate: %d\n",
           (counts[acc_ev_enqueue_download_end] >= 2) == separate);
    acc_prof_unregister(acc_ev_enter_data_start, cb, acc_reg);
    acc_create(a, sizeof a);
    acc_delete(a, sizeof a);
    printf("after unregister: %ld %ld\n", counts[acc_ev_enter_data_start], counts[acc_ev_enter_data_end]);
    return 0;
}
