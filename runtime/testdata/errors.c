/* errors.c: runtime misuse that must stop the program with NVHPC-style
 * messages. argv[1] names the scenario; every scenario exits non-zero. */
#include <string.h>

#include "check.h"

static double a[100], b[100];
static struct {
    double *p;
    int n;
} st;

int main(int argc, char **argv) {
    SITE(s, 42);
    const char *c = argc > 1 ? argv[1] : "";
    accrt_map whole[1] = {MAP(ACCRT_COPYIN, 0, a + 10, 50 * sizeof(double))};
    accrt_map present[1] = {MAP(ACCRT_PRESENT, 0, a, sizeof a)};
    accrt_map tail[1] = {MAP(ACCRT_COPY, 0, a + 40, 40 * sizeof(double))};
    accrt_map attach[1] = {MAP(ACCRT_ATTACH, 0, &st.p, sizeof st.p)};
    accrt_enter_data(whole, 1, ACCRT_SYNC, &s); /* a[10:50] */
    if (strcmp(c, "present") == 0)
        accrt_enter(present, 1, ACCRT_SYNC, &s); /* b is absent, a partly present */
    else if (strcmp(c, "absent") == 0) {
        present[0].host = b;
        present[0].name = "b";
        accrt_enter(present, 1, ACCRT_SYNC, &s);
    } else if (strcmp(c, "partial") == 0)
        accrt_enter(tail, 1, ACCRT_SYNC, &s);
    else if (strcmp(c, "partial_before") == 0) {
        tail[0].kind = ACCRT_COPYIN;
        tail[0].host = a;
        tail[0].bytes = 11 * sizeof(double);
        accrt_enter_data(tail, 1, ACCRT_SYNC, &s);
    } else if (strcmp(c, "update") == 0)
        accrt_update_self(b, sizeof b, "b", ACCRT_SYNC, 0, &s);
    else if (strcmp(c, "update_partial") == 0)
        accrt_update_device(a + 50, 20 * sizeof(double), "a", ACCRT_SYNC, 1, &s);
    else if (strcmp(c, "deviceptr") == 0)
        accrt_deviceptr(b + 3, "b", &s);
    else if (strcmp(c, "attach") == 0)
        accrt_enter_data(attach, 1, ACCRT_SYNC, &s);
    else {
        printf("unknown scenario %s\n", c);
        return 2;
    }
    printf("no error\n");
    return 0;
}
