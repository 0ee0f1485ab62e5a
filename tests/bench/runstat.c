/*
 * runstat.c — runs a command and reports its wall time and peak resident
 * memory (wait4's ru_maxrss), because GNU time is not on a fresh machine.
 * Usage: runstat [-i FILE] COMMAND [ARG...]   (FILE becomes stdin)
 * Prints "seconds S maxrss_kb K status N cpu C" on stderr (C: user + system
 * seconds of the command, all its threads: on a shared machine the wall
 * time alone says little).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int first = 1;
	const char *in = NULL;
	if (argc > 2 && !strcmp(argv[1], "-i")) {
		in = argv[2];
		first = 3;
	}
	if (first >= argc) {
		fprintf(stderr, "usage: runstat [-i FILE] COMMAND [ARG...]\n");
		return 2;
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid_t pid = fork();
	if (pid < 0) {
		perror("fork");
		return 2;
	}
	if (pid == 0) {
		if (in) {
			int fd = open(in, O_RDONLY);
			if (fd < 0 || dup2(fd, 0) < 0) {
				perror(in);
				_exit(127);
			}
		}
		execvp(argv[first], argv + first);
		perror(argv[first]);
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("wait4");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	double cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
		     (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
	fprintf(stderr, "seconds %.6f maxrss_kb %ld status %d cpu %.3f\n", s, ru.ru_maxrss,
		WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), cpu);
	return 0;
}
