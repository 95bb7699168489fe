//! Errors: every failing call returns an [`Error`] carrying the library's status and its message.

use std::ffi::CStr;
use std::fmt;
use std::os::raw::c_int;

use crate::ffi;

/// The library's failure statuses (`NAVROUTER_E...` in `navrouter.h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// `NAVROUTER_EINVAL`: a bad argument.
    InvalidArgument,
    /// `NAVROUTER_ENOTFOUND`: no such route, entry, tab or interceptor.
    NotFound,
    /// `NAVROUTER_ECONFLICT`: a name or pattern taken.
    Conflict,
    /// `NAVROUTER_EDENIED`: refused by policy or authentication.
    Denied,
    /// `NAVROUTER_ECANCELLED`: an interceptor cancelled the navigation.
    Cancelled,
    /// `NAVROUTER_ECALLBACK`: a callback refused or declined.
    Callback,
    /// `NAVROUTER_EMALFORMED`: a malformed URL.
    Malformed,
    /// `NAVROUTER_EPATTERN`: a bad pattern.
    Pattern,
    /// `NAVROUTER_EJSON`: bad JSON.
    Json,
    /// `NAVROUTER_ELIMIT`: a limit exceeded.
    Limit,
    /// `NAVROUTER_EPARAM`: a parameter missing or of the wrong type.
    Parameter,
    /// `NAVROUTER_EDESTROYED`: the router was freed.
    Destroyed,
    /// `NAVROUTER_EEXTERNAL`: an external link to a route that is not external.
    External,
    /// A status this binding does not know (a newer library).
    Other(i32),
}

impl Status {
    /// The status of a C code (negative).
    pub fn from_code(code: c_int) -> Status {
        match code {
            -1 => Status::InvalidArgument,
            -2 => Status::NotFound,
            -3 => Status::Conflict,
            -4 => Status::Denied,
            -5 => Status::Cancelled,
            -6 => Status::Callback,
            -7 => Status::Malformed,
            -8 => Status::Pattern,
            -9 => Status::Json,
            -10 => Status::Limit,
            -11 => Status::Parameter,
            -12 => Status::Destroyed,
            -13 => Status::External,
            other => Status::Other(other),
        }
    }

    /// The C code.
    pub fn code(self) -> c_int {
        match self {
            Status::InvalidArgument => -1,
            Status::NotFound => -2,
            Status::Conflict => -3,
            Status::Denied => -4,
            Status::Cancelled => -5,
            Status::Callback => -6,
            Status::Malformed => -7,
            Status::Pattern => -8,
            Status::Json => -9,
            Status::Limit => -10,
            Status::Parameter => -11,
            Status::Destroyed => -12,
            Status::External => -13,
            Status::Other(code) => code,
        }
    }

    /// The header's name of the status, as `NAVROUTER_ENOTFOUND`.
    pub fn name(self) -> String {
        // SAFETY: navrouter_status_name returns a static string for any code.
        unsafe { CStr::from_ptr(ffi::navrouter_status_name(self.code())) }
            .to_string_lossy()
            .into_owned()
    }
}

/// A failed call: its status and the library's message (what is wrong and where).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Which failure.
    pub status: Status,
    /// What went wrong, from `navrouter_last_error()` (or the binding's own, for an argument it refused).
    pub message: String,
}

impl Error {
    /// An error of `code` with the calling thread's last message.
    pub(crate) fn last(code: c_int) -> Error {
        // SAFETY: navrouter_last_error returns the calling thread's message, valid until its next call, or NULL.
        let message = unsafe {
            let text = ffi::navrouter_last_error();
            if text.is_null() {
                String::new()
            } else {
                CStr::from_ptr(text).to_string_lossy().into_owned()
            }
        };
        Error {
            status: Status::from_code(code),
            message,
        }
    }

    /// An argument the binding refuses before calling the library (a string with a NUL byte).
    pub(crate) fn invalid(message: impl Into<String>) -> Error {
        Error {
            status: Status::InvalidArgument,
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}: {}", self.status.name(), self.message)
    }
}

impl std::error::Error for Error {}

/// The result of a call.
pub type Result<T> = std::result::Result<T, Error>;

/// `Ok(code)` for a non-negative status, else the error with the thread's message.
pub(crate) fn check(code: c_int) -> Result<c_int> {
    if code < 0 {
        Err(Error::last(code))
    } else {
        Ok(code)
    }
}
