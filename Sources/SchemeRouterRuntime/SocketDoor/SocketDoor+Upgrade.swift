internal import Glibc
internal import SchemeRouterSender

extension SocketDoor {
    /// Notes in the trace, once, that this primary's executable was replaced on disk since it
    /// started (a rebuild or an upgrade): it goes on serving with its old code until restarted.
    func noteReplacedExecutable() {
        guard !reportedReplacedExecutable, let link = PeerCredentials(pid: getpid(), uid: 0).executable,
            let path = UpgradeCheck.replaced(link)
        else { return }
        reportedReplacedExecutable = true
        primary.trace?.write(
            event: "replaced-executable",
            reason: "\(path) was replaced since this primary started; it serves with its old code until restarted")
    }
}
