internal import Glibc

/// Reaps processes that were started but not waited for, so a long-running sender leaves no
/// zombies: one detached thread per process, blocked in `waitpid`.
enum Reaper {
    static func reapInBackground(_ process: Subprocess.Spawned) {
        for fd in [process.standardOutput, process.standardError, process.pidfd] where fd >= 0 { close(fd) }
        var thread = pthread_t()
        let context = UnsafeMutableRawPointer(bitPattern: Int(process.pid))
        let created = pthread_create(&thread, nil, { context in
            let pid = pid_t(Int(bitPattern: context))
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return nil
        }, context)
        if created == 0 { pthread_detach(thread) }
    }
}
