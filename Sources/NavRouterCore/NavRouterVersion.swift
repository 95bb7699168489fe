/// The library's version, as `include/navrouter.h`'s `NAVROUTER_VERSION_*` macros give it (a test keeps the two
/// equal), for Swift hosts and the `navrouter` tool.
public enum NavRouterVersion {
    /// `major.minor.patch`, e.g. `0.1.0`.
    public static let string = "0.1.0"
}
