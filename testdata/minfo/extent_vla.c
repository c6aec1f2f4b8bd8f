// minfo -acc=gpu -Minfo=accel
// Extents from declarations: a local variable-length array named alone
// is the whole array, with its bounds while their variables keep the
// values they had at the declaration, else "[:]" (its size in bytes is
// sizeof the array, which always holds); a parameter declared
// double a[n][m] points to n rows of m, while n keeps its value from the
// function's entry.
void local(int nz, int m) {
    double lhs[5][nz + 1][m][m];
#pragma acc data create(lhs) // want remark:"Generating create(lhs[:5][:nz+1][:m][:m]) [if not already present]"
    { }
#pragma acc enter data copyin(lhs)
#pragma acc update device(lhs)
#pragma acc exit data delete(lhs)
}

void changed(int n, int m) {
    double a[n][m];
    double b[n][m + 1];
    m = 2;
#pragma acc data copyin(a) copyout(b) // want remark:"Generating copyin(a[:n][:]) [if not already present]" remark:"Generating copyout(b[:n][:]) [if not already present]"
    { }
}

void shadowed(int n) {
    float v[n];
    {
        int n = 4;
#pragma acc data copy(v) // want remark:"Generating copy(v[:]) [if not already present]"
        { }
    }
}

void param(int n, int m, double a[n][m], float b[n]) {
#pragma acc data copyin(a) copyout(b) // want remark:"Generating copyin(a[:n][:m]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]"
    { }
    m = 1;
#pragma acc data copyin(a) // want remark:"Generating copyin(a[:n][:]) [if not already present]"
    { }
}
