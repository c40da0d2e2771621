#ifndef CSHA1_H
#define CSHA1_H
#include <stddef.h>
#include <stdint.h>

/* SHA-1 compression of `blocks` 64-byte blocks into `state` (a, b, c, d, e) with the CPU's SHA
 * instructions. Returns 1 when it did so, 0 when this CPU has none (nothing was changed then,
 * and the caller compresses the blocks itself). */
int csha1_compress(uint32_t state[5], const uint8_t *data, size_t blocks);

/* Whether csha1_compress can run on this CPU. */
int csha1_available(void);
#endif
