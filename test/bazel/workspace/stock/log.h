#pragma once
#ifdef __cplusplus
extern "C" {
#endif
void log_line(void);
long log_count(void);
#ifdef __cplusplus
}
#endif
