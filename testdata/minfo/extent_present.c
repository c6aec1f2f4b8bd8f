// minfo -acc=gpu -Minfo=accel
// Extents from enclosing data regions: a pointer that a data construct
// around the construct maps with a section, or an enter data directive
// before it, is present with that section (NVHPC: "Generating implicit
// present(p[:n])").
void region(int n, double *p, double *q, double *r) {
#pragma acc data copy(p[0:n]) copyin(q[1:n-2]) present(r) // want remark:"Generating copy(p[:n]) [if not already present]" remark:"Generating copyin(q[1:n-2]) [if not already present]" remark:"Generating present(r[:])"
    {
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit present(q[1:n-2])" remark:"Generating implicit present(r[:])" remark:"Generating implicit present(p[:n])"
        for (int i = 1; i < n - 1; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            p[i] = q[i] + r[i];
#pragma acc update self(p[0:n])
#pragma acc parallel loop copyin(q[1:n-2]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(q[1:n-2]) [if not already present]" remark:"Generating implicit present(p[:n])"
        for (int i = 1; i < n - 1; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            p[i] += q[i];
    }
}

void nested(int n, int m, float *a) {
#pragma acc data copyin(a[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]"
    {
#pragma acc data copy(a[0:m]) // want remark:"Generating copy(a[:m]) [if not already present]"
        {
#pragma acc kernels // want remark:"Generating implicit present(a[:m])"
            for (int i = 0; i < m; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                a[i] *= 2;
        }
    }
}

void unstructured(int n, float *v) {
#pragma acc enter data copyin(v[0:n])
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit present(v[:n])"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        v[i] += 1;
#pragma acc update self(v[0:n])
#pragma acc exit data copyout(v[0:n])
}

// The section's variable changes inside the region, or the pointer
// does: the data is present, but not known to be that section.
void changed(int n, double *p, double *q) {
#pragma acc data copy(p[0:n], q[0:n]) // want remark:"Generating copy(p[:n]) [if not already present]" remark:"Generating copy(q[:n]) [if not already present]"
    {
        n = n / 2;
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit present(p[:])"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            p[i] = 1;
        double *t = p;
        p = q;
        q = t;
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit present(p[:])" remark:"Generating implicit present(q[:])"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            q[i] = p[i];
    }
}
