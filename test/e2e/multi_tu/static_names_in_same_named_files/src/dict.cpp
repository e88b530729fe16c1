// The server's dict.cpp: `static` names the bundled library also uses, here
// without a lock. Linked by name, its calls would run the library's locked
// body and this race would be missed.
static long expansions;

static void dict_expand() { expansions++; } // expected-race{{unprotected write to `expansions` in 'dict_expand' (reached from 'server_dict_grow_bad') races with itself on another thread}}

void server_dict_grow_bad() {
  dict_expand();
}
