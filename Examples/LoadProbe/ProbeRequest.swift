import SchemeRouter

/// LoadProbe's routes as one type (see ProbeManifest.swift for what each does).
enum ProbeRequest: AppRequest {
    case record(sender: Int, sequence: Int)
    case whoami
    case `throw`
    case trap
    case stall
    case token
    case decline

    static let routeNames: Set<String> = ["record", "whoami", "throw", "trap", "stall", "token", "decline"]

    init(match: RouteMatch) throws(RouteError) {
        switch match.route.name {
        case "record":
            self = .record(sender: try match.parameters.integer("sender"), sequence: try match.parameters.integer("sequence"))
        case "whoami": self = .whoami
        case "throw": self = .throw
        case "trap": self = .trap
        case "token": self = .token
        case "decline": self = .decline
        default: self = .stall
        }
    }
}
