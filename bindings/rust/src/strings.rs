//! Strings across the boundary: Rust text to C strings (a NUL byte is refused, never truncated), borrowed C strings
//! to Rust text, and owned C strings (`char **out`) taken and freed.

use std::ffi::{CStr, CString};
use std::os::raw::c_char;
use std::ptr;

use crate::error::{Error, Result};
use crate::ffi;

/// `text` as a C string; `what` names the argument in the error for a NUL byte.
pub(crate) fn c_string(text: &str, what: &str) -> Result<CString> {
    CString::new(text).map_err(|_| Error::invalid(format!("{what} holds a NUL byte")))
}

/// An optional argument as a C string (None: NULL).
pub(crate) fn optional_c_string(text: Option<&str>, what: &str) -> Result<Option<CString>> {
    text.map(|text| c_string(text, what)).transpose()
}

/// The pointer of an optional C string (NULL for None); valid while `string` lives.
pub(crate) fn pointer(string: &Option<CString>) -> *const c_char {
    string.as_ref().map_or(ptr::null(), |string| string.as_ptr())
}

/// A list of C strings and the array of their pointers, kept together so that the pointers stay valid.
pub(crate) struct CStringList {
    _strings: Vec<CString>,
    pointers: Vec<*const c_char>,
}

impl CStringList {
    /// The list of `texts`; `what` names the argument in the error for a NUL byte.
    pub(crate) fn new<S: AsRef<str>>(texts: &[S], what: &str) -> Result<CStringList> {
        let strings = texts
            .iter()
            .map(|text| c_string(text.as_ref(), what))
            .collect::<Result<Vec<_>>>()?;
        let pointers = strings.iter().map(|string| string.as_ptr()).collect();
        Ok(CStringList {
            _strings: strings,
            pointers,
        })
    }

    /// The array of pointers.
    pub(crate) fn as_ptr(&self) -> *const *const c_char {
        self.pointers.as_ptr()
    }

    /// How many.
    pub(crate) fn len(&self) -> usize {
        self.pointers.len()
    }
}

/// A borrowed C string as text (None for NULL).
///
/// # Safety
/// `text` is NULL or a NUL-terminated string valid for the call.
pub(crate) unsafe fn borrowed(text: *const c_char) -> Option<String> {
    if text.is_null() {
        None
    } else {
        // SAFETY: the caller's promise: a valid NUL-terminated string.
        Some(unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned())
    }
}

/// Takes a string the library handed out through a `char **` (freeing it with `navrouter_string_free`).
///
/// # Safety
/// `text` is NULL or a string the library allocated and has not been freed.
pub(crate) unsafe fn take(text: *mut c_char) -> String {
    // SAFETY: the caller's promise; the string is read once, then freed once.
    unsafe {
        let owned = borrowed(text).unwrap_or_default();
        ffi::navrouter_string_free(text);
        owned
    }
}
