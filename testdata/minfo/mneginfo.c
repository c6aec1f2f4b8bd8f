// minfo -acc=gpu -Mneginfo
// -Mneginfo alone: only why loops stay sequential (a carried dependence,
// with the references and their distance); see minfo_par.c, the same code.
void smooth(int n, float *restrict a, float *restrict b, float *s) {
    float sum = 0.0f;
#pragma acc kernels copyin(b[0:n]) copy(a[0:n]) // want warning:"'a' is copied to and from the device but the construct writes every element before reading it; copyout(a[:n]) would skip the copy to the device"
    {
        for (int i = 0; i < n; i++)
            a[i] = 2.0f * b[i];
        for (int i = 1; i < n; i++) // want remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i] written at line 11, a[i - 1] read at line 11: distance 1, direction (<)"
            a[i] = a[i - 1] + b[i];
        for (int i = 0; i < n; i++)
            sum += a[i];
    }
#pragma acc parallel loop collapse(2) copy(a[0:n])
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < n / 4; i++)
            a[j * (n / 4) + i] += 1.0f;
    *s = sum;
}
