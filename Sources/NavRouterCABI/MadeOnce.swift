import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The object in `slot`, made by `make` and stored there by the first caller; a caller that loses the race to store
/// its own gives it back and takes the winner's. For state made on first demand that several threads may ask for at
/// once (an event's entry box and extras, a match's JSON texts).
///
/// Safety: the slot holds one reference (`passRetained` here, by the caller whose compare-and-exchange stored it);
/// the slot's owner gives it back once, when it goes. The object returned is the slot's, valid while the slot's owner
/// lives (the caller holds the owner for the call).
func madeOnce<Object: AnyObject>(_ slot: borrowing Atomic<Unmanaged<Object>?>, _ make: () -> Object) -> Object {
    if let made = slot.load(ordering: .acquiring) { return made.takeUnretainedValue() }
    // Safety: one reference, stored in the slot below or given back just after (see the function).
    let fresh = Unmanaged.passRetained(make())
    let (exchanged, original) = slot.compareExchange(expected: nil, desired: fresh, ordering: .acquiringAndReleasing)
    if exchanged { return fresh.takeUnretainedValue() }
    fresh.release()
    // Safety: the exchange failed, so the slot held a non-nil reference.
    return original.unsafelyUnwrapped.takeUnretainedValue()  // the exchange failed: another caller's is there
}

/// The C string in `slot`, a copy of what `make` gives (`strdup`), stored there by the first caller; a caller that
/// loses the race to store its own frees it and takes the winner's.
///
/// Safety: the slot owns the string it holds (stored by the caller whose compare-and-exchange succeeded); the slot's
/// owner frees it once, when it goes. The pointer returned is valid while the slot's owner lives.
func cStringOnce(
    _ slot: borrowing Atomic<UnsafeMutablePointer<CChar>?>, _ make: () -> String
) -> UnsafeMutablePointer<CChar> {
    if let made = slot.load(ordering: .acquiring) { return made }
    let fresh = make().withCString { strdup($0)! }
    let (exchanged, original) = slot.compareExchange(expected: nil, desired: fresh, ordering: .acquiringAndReleasing)
    if exchanged { return fresh }
    free(fresh)
    // Safety: the exchange failed, so the slot held a non-nil string.
    return original.unsafelyUnwrapped  // the exchange failed: another caller's is there
}
