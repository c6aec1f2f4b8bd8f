// errorcheck -acc=multicore
/* The step of a loop that may be partitioned: a loop construct's trip
   count must be computable when it starts (OpenACC 3.4 §2.9). A zero
   step is an error (in C the loop never ends once it starts); a step
   that is not an integer too; a variable step is checked when the loop
   starts. A seq loop, and a kernels loop without a directive, run as
   written whatever their form. */
void f(int n, int s, float *a) {
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i += 0) // want error:"this loop cannot be partitioned: its step is zero, so in C it never ends once it starts (a loop's trip count must be computable when it starts, OpenACC 3.4 §2.9); add 'seq' to run it as written"
        a[i] = 1;
#pragma acc parallel loop copy(a[0:n])
    for (int i = n - 1; i >= 0; i -= 0) // want error:"its step is zero"
        a[i] = 1;
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i += 0.5) // want error:"this loop cannot be partitioned: the step is not an integer"
        a[i] = 1;
#pragma acc parallel loop copy(a[0:n])
    for (int j = 0; j < n; j++) {
#pragma acc loop vector
        for (int i = 0; i < n; i += 4 * 0) // want error:"its step is zero"
            a[i] += 1;
#pragma acc loop seq
        for (int i = 0; i < n; i += 0)
            if (a[i] > 0)
                break;
#pragma acc loop seq
        for (int i = 1; i < n; i *= 2)
            a[j] += i;
#pragma acc loop seq
        for (int i = 0; i < n; i += s)
            a[j] += i;
    }
#pragma acc kernels copy(a[0:n])
    for (int i = 0; i < n; i += 0)
        if (a[i] > 0)
            break;
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i += s)
        a[i] = 2;
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i > n; i++) // want warning:"the loop's condition and increment go in opposite directions: it runs zero times, or never ends if the condition holds at the start, where the program stops with an error"
        a[i] = 3;
}
