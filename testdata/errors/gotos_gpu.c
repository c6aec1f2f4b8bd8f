// errorcheck -acc=gpu -fmax-errors=0
/* On the GPU: kernels are C++, where a goto may not jump past the
   initialization of a variable in scope at its label; accc declares such
   a scalar first and then assigns it, and rejects arrays, structs and for
   loop variables. Code that the threads of a gang run redundantly runs
   each statement with effects on one thread: a goto from one such
   statement to another is rejected, one within a block is not. */
struct P { float x, y; };

void f(int n, float *a) {
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
        if (a[i] < 0)
            goto skip;
        const float t = a[i] * 2;
        float *p = &a[i];
        *p = t;
    skip:
        a[i] += 1;
    }
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
        if (a[i] < 0)
            goto skip2; // want error:"'goto skip2' jumps past the initialization of 'w', which CUDA C++ does not allow for an array, a struct or a for loop's variable; declare 'w' without an initializer and assign it" error:"'goto skip2' jumps past the initialization of 'q'"
        float w[2] = {a[i], 1};
        struct P q = {1, 2};
        a[i] = w[0] + q.x;
    skip2:
        a[i] += 1;
    }
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
        if (a[i] < 0)
            goto skip3; // want error:"'goto skip3' jumps past the initialization of 'q'"
        struct P q = {1, 2};
        a[i] = q.x;
    skip3:
        a[i] += 1;
    }
#pragma acc parallel num_gangs(1) vector_length(32) copy(a[0:n])
    {
        if (a[0] > 0)
            goto tail; // want error:"'goto tail' goes from one statement to another in code that the threads of a gang or worker run redundantly, where the GPU runs each statement with effects on one thread; this is not supported yet: put the goto and its label in one block"
        a[1] = 2;
    tail:
        a[2] = 3;
#pragma acc loop vector
        for (int i = 0; i < n; i++)
            a[i] += 1;
        {
            if (a[0] > 0)
                goto tail2;
            a[1] = 2;
        tail2:
            a[2] = 3;
        }
    }
}
