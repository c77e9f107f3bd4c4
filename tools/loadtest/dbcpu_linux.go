package loadtest

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"time"
)

// clockTicks is USER_HZ, the unit of /proc/PID/stat's times (100 on every
// Linux architecture Go supports).
const clockTicks = 100

// databaseCPU is the CPU time (user + system) that the PostgreSQL backends
// serving database name have used so far, read from /proc: a server on this
// machine shows each connection as a process titled "postgres: USER DB HOST
// STATE" (with the cluster's name first where one is set). Other databases on the same server (other tests) are left out, so
// CPU per order stays comparable on a shared machine. 0 when nothing matches
// (SQLite, or a server elsewhere).
func databaseCPU(name string) time.Duration {
	if name == "" {
		return 0
	}
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	var ticks int64
	for _, d := range dirs {
		if _, err := strconv.Atoi(d.Name()); err != nil {
			continue
		}
		title, err := os.ReadFile("/proc/" + d.Name() + "/cmdline")
		if err != nil || !bytes.HasPrefix(title, []byte("postgres: ")) {
			continue
		}
		if !servesDatabase(string(bytes.TrimRight(title, "\x00")), name) {
			continue
		}
		stat, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		// The fields after the parenthesised command: state is 3rd, utime 14th, stime 15th.
		rest := stat[bytes.LastIndexByte(stat, ')')+1:]
		f := strings.Fields(string(rest))
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += u + s
	}
	return time.Duration(ticks) * time.Second / clockTicks
}

// servesDatabase reports a backend's process title naming database name:
// "postgres: [CLUSTER:] USER DB HOST STATE".
func servesDatabase(title, name string) bool {
	f := strings.Fields(strings.TrimPrefix(title, "postgres: "))
	if len(f) > 0 && strings.HasSuffix(f[0], ":") {
		f = f[1:]
	}
	return len(f) >= 3 && f[1] == name
}
