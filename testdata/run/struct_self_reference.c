// run
/* Structs as C declares them, in device code: a list node that points to
   its own type (through a typedef'd pointer too), two structs that point
   to each other, a struct holding one that is only declared later, a
   pointer to a struct never defined, anonymous struct and union members,
   a struct defined inside another. The list is copied to the device node
   by node and its links attached (OpenACC 3.4 §2.6.8, §2.7.12); a serial
   region walks it, a parallel loop reads the rest. */
#include <stdio.h>
#include <stdlib.h>
#define N 16

typedef struct node *link;
struct node { link next; struct node *prev; int val; };
typedef struct edge edge_t;
struct vertex { edge_t *first; int id; };
struct edge { struct vertex *to; edge_t *next; double w; };
struct opaque;
struct shape {
    struct opaque *impl;
    int kind;
    union { double r; struct { float w, h; }; };
    struct pos { int x, y; } at;
};

int main(void) {
    struct node *head = NULL;
    for (int v = 5; v >= 1; v--) {
        struct node *n = malloc(sizeof *n);
        n->val = v;
        n->next = head;
        n->prev = NULL;
        if (head) head->prev = n;
        head = n;
    }
    for (struct node *n = head; n; n = n->next) {
#pragma acc enter data copyin(n[0:1])
    }
    for (struct node *n = head; n && n->next; n = n->next) {
#pragma acc enter data attach(n->next)
    }
    int sum = 0, count = 0;
#pragma acc serial present(head[0:1]) copy(sum, count)
    for (link n = head; n != NULL; n = n->next) {
        sum += n->val * (n->prev == NULL ? 10 : 1);
        count++;
    }
    printf("list: sum %d count %d\n", sum, count);

    struct vertex vs[N];
    struct edge es[N];
    struct shape sh[N];
    double out[N];
    for (int i = 0; i < N; i++) {
        vs[i].id = i;
        vs[i].first = &es[i];
        es[i].to = &vs[(i + 1) % N];
        es[i].next = NULL;
        es[i].w = 0.5 * i;
        sh[i].impl = NULL;
        sh[i].kind = i % 2;
        if (sh[i].kind) sh[i].r = i; else { sh[i].w = (float)i; sh[i].h = 2; }
        sh[i].at.x = i;
        sh[i].at.y = -i;
    }
#pragma acc parallel loop copyin(vs, es, sh) copyout(out)
    for (int i = 0; i < N; i++) {
        const struct edge *e = &es[i];
        struct pos p = sh[i].at;
        double area = sh[i].kind ? sh[i].r * sh[i].r : sh[i].w * sh[i].h;
        out[i] = e->w + vs[i].id + area + p.x + p.y + (sh[i].impl == NULL) + (e->next == NULL);
    }
    double s = 0;
    for (int i = 0; i < N; i++) s += out[i];
    printf("graph and shapes: %.2f\n", s);
    return 0;
}
