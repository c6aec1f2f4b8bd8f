// errorcheck -acc=multicore -fmax-errors=0
/* _Atomic objects in device code: each update must be a statement of its
   own (x++, x op= e, v = x++, x = e), which device code makes one atomic
   operation (C11 6.5.16.2); an update inside a larger expression, an
   operator without an atomic form and _Atomic objects other than scalars
   of at most 8 bytes are errors. */
struct P { int x, y; };

_Atomic int cnt;
_Atomic long double ld;
_Atomic struct P sp;

void f(int n, int *a) {
    _Atomic int other = 0;
#pragma acc parallel loop copy(cnt, other) copy(a[0:n])
    for (int i = 0; i < n; i++) {
        cnt++;
        a[i] = cnt; /* a load */
        a[cnt++ % n] = 1; // want error:"the _Atomic object 'cnt' is updated inside a larger expression, which device code does not support: make the update a statement of its own (x++, x += e, v = x++, x = e)"
        if (++cnt > 3) // want error:"the _Atomic object 'cnt' is updated inside a larger expression"
            a[i] = 2;
        cnt %= 3; // want error:"this update of an _Atomic object has no atomic form in device code: write x++, x op= e (op one of + - * / & | ^ << >>), v = x++ or x = e"
        other = cnt++; // want error:"the _Atomic object 'cnt' is updated inside a larger expression"
        a[i] = cnt = 4; // want error:"the _Atomic object 'cnt' is updated inside a larger expression"
        cnt = cnt * 2 + 1; /* a load, then a store */
        cnt += cnt; // want error:"'_Atomic cnt': 'expr' (cnt) must not access 'x' or 'v'"
    }
#pragma acc serial copy(cnt)
    for (; cnt < n; cnt++) // want error:"the _Atomic object 'cnt' is updated inside a larger expression"
        ;
#pragma acc parallel loop copy(ld)
    for (int i = 0; i < n; i++)
        ld += 1; // want error:"the _Atomic object 'ld' of type long double is not supported in device code"
#pragma acc parallel loop copy(sp)
    for (int i = 0; i < n; i++)
        a[i] = sp.x; // want error:"the _Atomic object 'sp' of type struct P is not supported in device code"
}
