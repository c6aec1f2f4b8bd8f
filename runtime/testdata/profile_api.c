/* profile_api.c: the profiling interface from inside the program: its
 * own acc_register_library (§5.3.2), registration counts, toggles, and the
 * events of the runtime API routines. */
#include "acc_prof.h"
#include "check.h"
#include "openacc.h"

static long seen[acc_ev_last];
static int registered;
static double a[32];

static void cb(acc_prof_info *pi, acc_event_info *ei, acc_api_info *ai) {
    (void)ei, (void)ai;
    seen[pi->event_type]++;
}

static void cb2(acc_prof_info *pi, acc_event_info *ei, acc_api_info *ai) {
    (void)ei, (void)ai;
    seen[pi->event_type] += 100;
}

void acc_register_library(acc_prof_reg reg, acc_prof_reg unreg, acc_prof_lookup_func lookup) {
    (void)unreg, (void)lookup;
    registered++;
    reg(acc_ev_device_init_start, cb, acc_reg);
    reg(acc_ev_device_init_end, cb, acc_reg);
}

int main(void) {
    int shared;
    void *d;
    acc_init(acc_device_default);
    CHECK(registered == 1 && seen[acc_ev_device_init_start] == 1 && seen[acc_ev_device_init_end] == 1);
    acc_prof_register(acc_ev_enter_data_start, cb, acc_reg);
    acc_prof_register(acc_ev_enter_data_end, cb, acc_reg);
    acc_prof_register(acc_ev_exit_data_start, cb, acc_reg);
    acc_prof_register(acc_ev_update_start, cb, acc_reg);
    acc_prof_register(acc_ev_wait_start, cb, acc_reg);
    acc_prof_register(acc_ev_create, cb, acc_reg);
    acc_prof_register(acc_ev_delete, cb, acc_reg);
    acc_prof_register(acc_ev_alloc, cb, acc_reg);
    acc_prof_register(acc_ev_free, cb, acc_reg);
    acc_copyin(a, sizeof a);
    shared = acc_deviceptr(a) == (void *)a;
    acc_update_device(a, sizeof a);
    acc_delete(a, sizeof a);
    acc_wait(1);
    CHECK(seen[acc_ev_enter_data_start] == 1 && seen[acc_ev_enter_data_end] == 1);
    CHECK(seen[acc_ev_exit_data_start] == 1 && seen[acc_ev_update_start] == 1 && seen[acc_ev_wait_start] == 1);
    /* §5.1.2: the present-table entry is created and deleted; device memory
     * of its own (none on a shared-memory target) is allocated and freed,
     * and so is acc_malloc's. */
    CHECK(seen[acc_ev_create] == 1 && seen[acc_ev_delete] == 1);
    CHECK(seen[acc_ev_alloc] == (shared ? 0 : 1) && seen[acc_ev_free] == seen[acc_ev_alloc]);
    d = acc_malloc(64);
    CHECK(seen[acc_ev_alloc] == (shared ? 1 : 2));
    acc_free(d);
    CHECK(seen[acc_ev_free] == seen[acc_ev_alloc]);
    /* Registered twice: called once, and unregistered after two unregisters. */
    acc_prof_register(acc_ev_enter_data_start, cb, acc_reg);
    acc_prof_register(acc_ev_enter_data_start, cb2, acc_reg);
    acc_create(a, sizeof a);
    CHECK(seen[acc_ev_enter_data_start] == 102);
    acc_prof_unregister(acc_ev_enter_data_start, cb, acc_reg);
    acc_create(a, sizeof a);
    CHECK(seen[acc_ev_enter_data_start] == 203);
    acc_prof_unregister(acc_ev_enter_data_start, cb, acc_reg);
    acc_prof_unregister(acc_ev_enter_data_start, cb2, acc_reg);
    acc_create(a, sizeof a);
    CHECK(seen[acc_ev_enter_data_start] == 203);
    /* Toggles: one callback, a whole event, this thread. */
    acc_prof_unregister(acc_ev_enter_data_end, cb, acc_toggle);
    acc_create(a, sizeof a);
    CHECK(seen[acc_ev_enter_data_end] == 4);
    acc_prof_register(acc_ev_enter_data_end, cb, acc_toggle);
    acc_prof_unregister(acc_ev_exit_data_start, NULL, acc_toggle);
    acc_delete(a, sizeof a);
    CHECK(seen[acc_ev_enter_data_end] == 4 && seen[acc_ev_exit_data_start] == 1);
    acc_prof_register(acc_ev_exit_data_start, NULL, acc_toggle);
    acc_prof_unregister(acc_ev_none, NULL, acc_toggle_per_thread);
    acc_create(a, sizeof a);
    acc_delete(a, sizeof a);
    CHECK(seen[acc_ev_enter_data_end] == 4 && seen[acc_ev_exit_data_start] == 1);
    acc_prof_register(acc_ev_none, NULL, acc_toggle_per_thread);
    acc_create(a, sizeof a);
    acc_delete_finalize(a, sizeof a);
    CHECK(seen[acc_ev_enter_data_end] == 5 && seen[acc_ev_exit_data_start] == 2);
    CHECK(acc_prof_lookup("acc_get_device_type") != NULL && acc_prof_lookup("acc_nothing") == NULL);
    return done();
}
