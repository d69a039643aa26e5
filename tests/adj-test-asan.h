/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-asan.h: what a test needs to know of the sanitized run.
 *
 * ADJ_TEST_ASAN is defined in a build with AddressSanitizer (gcc or clang).
 *
 * ADJ_TEST_TRACE_LEAKS_THROUGH_LIBRARIES, once at the top level of a test program, has the leak
 * checker walk each leak's stack the slow way.  It tells a library's known leak from ours by the
 * library's name in the stack (build-aux/lsan.supp), and its fast way of walking a stack stops at
 * the first library built without frame pointers — GLib, on Debian — so a leak inside libsoup 3.2
 * reached through GLib's main loop shows only malloc() and g_malloc().  The slow way costs time:
 * only the programs that need it ask for it.  An option set in ASAN_OPTIONS still wins. */

#pragma once

#if defined(__SANITIZE_ADDRESS__)
# define ADJ_TEST_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define ADJ_TEST_ASAN 1
# endif
#endif

#ifdef ADJ_TEST_ASAN
# define ADJ_TEST_TRACE_LEAKS_THROUGH_LIBRARIES \
  const char *__asan_default_options (void); \
  const char *__asan_default_options (void) { return "fast_unwind_on_malloc=0"; }
#else
# define ADJ_TEST_TRACE_LEAKS_THROUGH_LIBRARIES
#endif
