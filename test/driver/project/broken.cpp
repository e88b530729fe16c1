// Does not compile: the scan reports it, skips it, and goes on.
int broken( { return 0; }
