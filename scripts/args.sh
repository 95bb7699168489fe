# Argument checks shared by the scripts that take counts (sourced, not run).

# whole_number SCRIPT NAME VALUE MIN: returns when VALUE is a whole number of at least MIN (at most 18 digits);
# otherwise says so on standard error and exits with status 2, before the script builds or runs anything.
whole_number() {
    local script=$1 name=$2 value=$3 min=$4
    if ! [[ "$value" =~ ^[0-9]{1,18}$ ]] || [ "$((10#$value))" -lt "$min" ]; then
        echo "$script: $name must be a whole number of $min or more, not '$value'" >&2
        exit 2
    fi
}
