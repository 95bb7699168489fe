package dev.navrouter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader and writer for what the library hands over as JSON (events, states, matches): values become
 * {@code null}, {@link Boolean}, {@link Long} or {@link Double}, {@link String}, {@link List} and {@link Map}.
 */
public final class Json {
    private final String text;
    private int at;

    private Json(String text) {
        this.text = text;
    }

    /** Parses JSON text. @throws IllegalArgumentException when it is not one JSON value. */
    public static Object parse(String text) {
        Json parser = new Json(text);
        Object value = parser.value(0);
        parser.space();
        if (parser.at != text.length()) throw new IllegalArgumentException("trailing text at " + parser.at);
        return value;
    }

    /** A map of strings as a JSON object. */
    public static String objectOfStrings(Map<String, String> map) {
        StringBuilder out = new StringBuilder("{");
        for (Map.Entry<String, String> entry : map.entrySet()) {
            if (out.length() > 1) out.append(',');
            string(entry.getKey(), out);
            out.append(':');
            string(entry.getValue(), out);
        }
        return out.append('}').toString();
    }

    /** A value (as {@link #parse} makes them) as JSON text. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    @SuppressWarnings("unchecked")
    private static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String) {
            string((String) value, out);
        } else if (value instanceof Map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> entry : ((Map<String, Object>) value).entrySet()) {
                if (!first) out.append(',');
                first = false;
                string(entry.getKey(), out);
                out.append(':');
                write(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List) {
            out.append('[');
            boolean first = true;
            for (Object element : (List<Object>) value) {
                if (!first) out.append(',');
                first = false;
                write(element, out);
            }
            out.append(']');
        } else {
            out.append(value);
        }
    }

    private static void string(String value, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        out.append('"');
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
    }

    private IllegalArgumentException bad() {
        return new IllegalArgumentException("bad JSON at " + at);
    }

    private Object value(int depth) {
        if (depth > 512) throw bad();
        space();
        if (at >= text.length()) throw bad();
        char c = text.charAt(at);
        if (c == '{') return object(depth);
        if (c == '[') return array(depth);
        if (c == '"') return string();
        if (text.startsWith("null", at)) { at += 4; return null; }
        if (text.startsWith("true", at)) { at += 4; return Boolean.TRUE; }
        if (text.startsWith("false", at)) { at += 5; return Boolean.FALSE; }
        int start = at;
        while (at < text.length() && "+-.eE0123456789".indexOf(text.charAt(at)) >= 0) at++;
        String number = text.substring(start, at);
        if (number.isEmpty()) throw bad();
        if (number.indexOf('.') < 0 && number.indexOf('e') < 0 && number.indexOf('E') < 0) {
            try {
                return Long.parseLong(number);
            } catch (NumberFormatException tooLong) {
                // falls through to a double
            }
        }
        return Double.parseDouble(number);
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> map = new LinkedHashMap<>();
        at++;
        space();
        if (at < text.length() && text.charAt(at) == '}') { at++; return map; }
        while (true) {
            space();
            if (at >= text.length() || text.charAt(at) != '"') throw bad();
            String key = string();
            space();
            if (at >= text.length() || text.charAt(at++) != ':') throw bad();
            map.put(key, value(depth + 1));
            space();
            if (at >= text.length()) throw bad();
            char c = text.charAt(at++);
            if (c == '}') return map;
            if (c != ',') throw bad();
        }
    }

    private List<Object> array(int depth) {
        List<Object> list = new ArrayList<>();
        at++;
        space();
        if (at < text.length() && text.charAt(at) == ']') { at++; return list; }
        while (true) {
            list.add(value(depth + 1));
            space();
            if (at >= text.length()) throw bad();
            char c = text.charAt(at++);
            if (c == ']') return list;
            if (c != ',') throw bad();
        }
    }

    private String string() {
        StringBuilder out = new StringBuilder();
        at++;
        while (true) {
            if (at >= text.length()) throw bad();
            char c = text.charAt(at++);
            if (c == '"') return out.toString();
            if (c != '\\') { out.append(c); continue; }
            if (at >= text.length()) throw bad();
            char e = text.charAt(at++);
            switch (e) {
                case '"': case '\\': case '/': out.append(e); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'n': out.append('\n'); break;
                case 'r': out.append('\r'); break;
                case 't': out.append('\t'); break;
                case 'u':
                    if (at + 4 > text.length()) throw bad();
                    out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                    break;
                default: throw bad();
            }
        }
    }

    /** A map of strings out of a parsed object (other values left out). */
    @SuppressWarnings("unchecked")
    static Map<String, String> strings(Object value) {
        Map<String, String> out = new LinkedHashMap<>();
        if (value instanceof Map) {
            for (Map.Entry<String, Object> entry : ((Map<String, Object>) value).entrySet()) {
                if (entry.getValue() instanceof String) out.put(entry.getKey(), (String) entry.getValue());
            }
        }
        return Collections.unmodifiableMap(out);
    }
}
