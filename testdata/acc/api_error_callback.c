// run
/* The error callback (OpenACC 3.2+, acc_prof.h): a callback registered for
   acc_ev_error sees each runtime error, with its acc_error_t code and the
   call's position, before the runtime stops the program. Each error runs
   in a fresh copy of this program (fork and exec of itself). */
#include <acc_prof.h>
#include <fcntl.h>
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static double a[100], b[100];
static int end_in_callback;

static void on_error(acc_prof_info *pi, acc_event_info *ei, acc_api_info *ai) {
    char where[256];
    const char *file = pi->src_file ? strrchr(pi->src_file, '/') : NULL;
    (void)ai;
    file = file ? file + 1 : pi->src_file;
    snprintf(where, sizeof where, "function:%s line:%d", pi->func_name ? pi->func_name : "?", pi->line_no);
    printf("  callback: event %s, code %d, in %s at %s line %d, message mentions it: %d\n",
           pi->event_type == acc_ev_error ? "acc_ev_error" : "other", (int)ei->error_event.error_code,
           pi->func_name ? pi->func_name : "?", file ? file : "?", pi->line_no,
           ei->error_event.error_message && strstr(ei->error_event.error_message, where) != NULL);
    fflush(stdout);
    if (end_in_callback)
        exit(0); /* a callback may end the program itself */
}

static int scenario(const char *s) {
    acc_prof_register(acc_ev_error, on_error, acc_reg);
    acc_copyin(a + 10, 50 * sizeof(double));
    if (strcmp(s, "free") == 0)
        acc_free(b); /* acc_error_invalid_argument */
    else if (strcmp(s, "wait") == 0)
        acc_wait(-5); /* acc_error_invalid_async */
    else if (strcmp(s, "update") == 0)
        acc_update_self(b, sizeof b); /* acc_error_not_present */
    else if (strcmp(s, "partial") == 0)
        acc_copyin(a, sizeof a); /* acc_error_partly_present */
    else if (strcmp(s, "map") == 0)
        acc_map_data(a + 10, acc_malloc(8), 8); /* acc_error_present */
    else if (strcmp(s, "exit") == 0) {
        end_in_callback = 1;
        acc_unmap_data(b); /* acc_error_not_present */
    }
    printf("  no error\n");
    return 0;
}

/* Runs this program on a scenario; its exit status. */
static int run(const char *s) {
    int status;
    pid_t pid;
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 2); /* the FATAL ERROR line */
        execl("/proc/self/exe", "api_error_callback", s, (char *)0);
        _exit(127);
    }
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}

int main(int argc, char **argv) {
    const char *all[] = {"free", "wait", "update", "partial", "map", "exit"};
    if (argc > 1)
        return scenario(argv[1]);
    for (int i = 0; i < 6; i++) {
        printf("%s:\n", all[i]);
        printf("  exit status %d\n", run(all[i]));
    }
    return 0;
}
