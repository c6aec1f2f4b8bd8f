// run
/* Runtime misuse stops the program with an NVHPC-style FATAL ERROR line
   that names what went wrong and where (file, function and line of the
   directive or acc_* call). Each misuse runs in a fresh copy of this
   program (fork and exec of itself); the parent checks its exit status and stderr. */
#include <fcntl.h>
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 100
static double a[N], b[N];

static int misuse(const char *s) {
    acc_copyin(a, 50 * sizeof(double)); /* a[0:50] */
    if (strcmp(s, "free_host") == 0)
        acc_free(b);
    else if (strcmp(s, "map_overlap") == 0)
        acc_map_data(a + 40, acc_malloc(40 * sizeof(double)), 40 * sizeof(double));
    else if (strcmp(s, "unmap_copyin") == 0)
        acc_unmap_data(a);
    else if (strcmp(s, "bad_queue") == 0)
        acc_wait(-5);
    else if (strcmp(s, "wait_directive") == 0) {
        int q = -4;
#pragma acc wait(q)
    } else if (strcmp(s, "present_absent") == 0) {
#pragma acc parallel loop present(b)
        for (int i = 0; i < N; i++) b[i] = i;
    } else if (strcmp(s, "present_partial") == 0) {
#pragma acc parallel loop present(a[0:N])
        for (int i = 0; i < N; i++) a[i] = i;
    } else if (strcmp(s, "update_absent") == 0)
        acc_update_device(b, sizeof b);
    else if (strcmp(s, "copyout_partial") == 0)
        acc_copyout(a + 25, 50 * sizeof(double));
    return 0;
}

/* Runs this program on a misuse; its exit status, and its stderr in err. */
static int run(const char *s, char *err, size_t cap) {
    int fd[2], status;
    size_t n = 0;
    ssize_t k;
    pid_t pid;
    fflush(stdout);
    if (pipe(fd) != 0)
        return -1;
    pid = fork();
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        execl("/proc/self/exe", "api_misuse", s, (char *)0);
        _exit(127);
    }
    close(fd[1]);
    while (n + 1 < cap && (k = read(fd[0], err + n, cap - 1 - n)) > 0)
        n += (size_t)k;
    err[n] = 0;
    close(fd[0]);
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}

int main(int argc, char **argv) {
    static const char *cases[][3] = {
        {"free_host", "acc_free of 0x", "api_misuse.c function:misuse line:20"},
        {"map_overlap", "which overlaps data already present", "api_misuse.c function:misuse line:22"},
        {"unmap_copyin", "which acc_map_data did not map", "api_misuse.c function:misuse line:24"},
        {"bad_queue", "invalid async argument -5", "api_misuse.c function:misuse line:26"},
        {"wait_directive", "invalid async argument -4", "api_misuse.c function:misuse line:29"},
        {"present_absent", "data in PRESENT clause was not found on device 1: name=b", "api_misuse.c function:misuse line:31"},
        {"present_partial", "partially present on device 1: name=a", "api_misuse.c function:misuse line:34"},
        {"update_absent", "data in update device clause was not found on device 1", "api_misuse.c function:misuse line:37"},
        {"copyout_partial", "partially present on device 1", "api_misuse.c function:misuse line:39"},
    };
    char err[4096];
    if (argc > 1)
        return misuse(argv[1]);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int code = run(cases[i][0], err, sizeof err);
        printf("%s: exit %d, FATAL ERROR %d, says what %d, says where %d\n", cases[i][0], code,
               strncmp(err, "FATAL ERROR: ", 13) == 0, strstr(err, cases[i][1]) != NULL,
               strstr(err, cases[i][2]) != NULL);
    }
    return 0;
}
