/* api_errors.c: misuse of the runtime API that must stop the program with
 * NVHPC-style messages naming the routine. argv[1] names the scenario;
 * with argv[2] == "callback" an acc_ev_error callback reports the error
 * first (OpenACC 3.2+ error callbacks, acc_prof.h). Built with _OPENACC,
 * openacc.h's macros give the errors the file, function and line of each
 * call; the call is on the line after its scenario's name unless a
 * comment says otherwise. */
#include <stdlib.h>
#include <string.h>

#include "acc_prof.h"
#include "check.h"
#include "openacc.h"

static double a[100], b[100];

static void on_error(acc_prof_info *pi, acc_event_info *ei, acc_api_info *ai) {
    (void)ai;
    printf("callback: event=%d code=%d file=%s func=%s line=%d construct=%d message=%s\n", (int)pi->event_type,
           (int)ei->error_event.error_code, pi->src_file ? pi->src_file : "-", pi->func_name ? pi->func_name : "-",
           pi->line_no, (int)ei->error_event.parent_construct, ei->error_event.error_message);
    fflush(stdout);
    if (getenv("EXIT_IN_CALLBACK"))
        exit(3);
}

int main(int argc, char **argv) {
    const char *c = argc > 1 ? argv[1] : "";
    int bad[2] = {1, -7};
    if (argc > 2 && strcmp(argv[2], "callback") == 0)
        acc_prof_register(acc_ev_error, on_error, acc_reg);
    acc_copyin(a + 10, 50 * sizeof(double));
    if (strcmp(c, "free_host") == 0)
        acc_free(b);
    else if (strcmp(c, "free_present") == 0)
        acc_free(a + 10);
    else if (strcmp(c, "free_inside") == 0) {
        char *d = acc_malloc(100);
        acc_free(d + 8); /* line +2 */
    } else if (strcmp(c, "free_twice") == 0) {
        void *d = acc_malloc(100);
        acc_free(d);
        acc_free(d); /* line +3 */
    } else if (strcmp(c, "map_present") == 0)
        acc_map_data(a + 10, acc_malloc(8), 8);
    else if (strcmp(c, "map_overlap") == 0)
        acc_map_data(a, acc_malloc(sizeof a), sizeof a);
    else if (strcmp(c, "map_null") == 0)
        acc_map_data(b, NULL, sizeof b);
    else if (strcmp(c, "unmap_copyin") == 0)
        acc_unmap_data(a + 10);
    else if (strcmp(c, "unmap_absent") == 0)
        acc_unmap_data(b);
    else if (strcmp(c, "wait") == 0)
        acc_wait(-7);
    else if (strcmp(c, "wait_async") == 0)
        acc_wait_async(1, -5);
    else if (strcmp(c, "async_test") == 0)
        acc_async_test(-3);
    else if (strcmp(c, "copyin_async") == 0)
        acc_copyin_async(b, sizeof b, -9);
    else if (strcmp(c, "wait_any") == 0)
        acc_wait_any(2, bad);
    else if (strcmp(c, "default_async") == 0)
        acc_set_default_async(-4);
    else if (strcmp(c, "update_absent") == 0)
        acc_update_device(b, sizeof b);
    else if (strcmp(c, "update_partial") == 0)
        acc_update_self(a, 20 * sizeof(double));
    else if (strcmp(c, "copyout_partial") == 0)
        acc_copyout(a + 50, 20 * sizeof(double));
    else if (strcmp(c, "copyin_partial") == 0)
        acc_copyin(a, sizeof a);
    else if (strcmp(c, "d2d_absent") == 0)
        acc_memcpy_d2d(a + 10, b, 8, 0, 0);
    else if (strcmp(c, "d2d_device") == 0)
        acc_memcpy_d2d(a + 10, a + 20, 8, 0, 1);
    else if (strcmp(c, "memcpy_null") == 0)
        acc_memcpy_to_device(NULL, b, 8);
    else if (strcmp(c, "device_type") == 0)
        acc_set_device_type((acc_device_t)7); /* a type no accc build has */
    else if (strcmp(c, "device_num") == 0)
        acc_set_device_num(1, acc_device_default);
    else if (strcmp(c, "attach_absent") == 0) {
        static double *p;
        acc_attach((void **)&p); /* line +2 */
    } else if (strcmp(c, "pointer_free") == 0) {
        void (*free_fn)(void *) = acc_free; /* no line: a call through a pointer */
        free_fn(b);
    } else if (strcmp(c, "pointer_wait") == 0) {
        void (*wait_fn)(int) = acc_wait;
        wait_fn(-7);
    } else if (strcmp(c, "paren_update") == 0)
        (acc_update_device)(b, sizeof b); /* no line: no macro */
    else if (strcmp(c, "none") == 0)
        ; /* the environment fails first */
    else {
        printf("unknown scenario %s\n", c);
        return 2;
    }
    printf("no error\n");
    return 0;
}
