package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;

/**
 * Inline code that writes to something shared (decision 122, {@code shapes.code-writes-shared}),
 * past the first notion's reading of a method's first word: a method any of whose parts acts
 * ({@code update_certificate}, {@code create_campaign_send_job}, {@code void_transaction}), a
 * quoted value that destroys ({@code mode('overwrite')}, {@code WRITE_TRUNCATE}, {@code
 * 'REVOKED'}), a statement that alters or grants, or a write whose target is an object store
 * ({@code to_parquet('gs://…')}); on the first notion's gates (a credential from the environment,
 * production, a host not this machine's, an object store, a cloud's or a service's SDK). And an
 * Aerospike client's record writes ({@code c.put(key, bins)}: {@link AerospikeWrites}, decision
 * 200), whose method names are too plain to read alone.
 */
final class CodeWrites {
  private CodeWrites() {}

  /** Whether the step's inline code writes to something shared as above. */
  static boolean writes(Step step) {
    String code = SharedCodeActs.sharedCode(step, ShapeObjects.SERVICE_CLIENTS);
    return code != null
        && (actingMethod(code)
            || destroyingValue(code)
            || statement(code)
            || storeWrite(code)
            || AerospikeWrites.codeWrites(code));
  }

  /** A method of two parts or more, one of which acts, the first no read. */
  private static boolean actingMethod(String code) {
    for (int dot = code.indexOf('.'); dot >= 0; dot = code.indexOf('.', dot + 1)) {
      String name = called(code, dot);
      if (name == null) {
        continue;
      }
      List<String> parts = ServiceVerbs.split(name);
      if (parts.size() < 2 || reads(parts.get(0))) {
        continue;
      }
      for (String part : parts) {
        if (ShapeObjects.CODE_ACTS.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean reads(String first) {
    return first.equals("get")
        || first.equals("list")
        || first.equals("describe")
        || first.equals("read")
        || first.equals("fetch")
        || first.equals("search")
        || first.equals("query")
        || first.equals("print")
        || first.equals("is")
        || first.equals("has");
  }

  /** The name of the method called after the dot at {@code dot}, or {@code null}. */
  private static String called(String code, int dot) {
    int end = dot + 1;
    while (end < code.length() && Character.isJavaIdentifierPart(code.charAt(end))) {
      end++;
    }
    if (end == dot + 1 || end >= code.length() || code.charAt(end) != '(') {
      return null;
    }
    return code.substring(dot + 1, end);
  }

  /**
   * A quoted word whose parts destroy: {@code 'overwrite'}, {@code "wipe_data"}, {@code REVOKED}.
   */
  private static boolean destroyingValue(String code) {
    for (int i = 0; i < code.length(); i++) {
      char quote = code.charAt(i);
      if (quote != '\'' && quote != '"') {
        continue;
      }
      int end = code.indexOf(quote, i + 1);
      if (end < 0) {
        return false;
      }
      if (end - i - 1 <= 64 && destroys(code.substring(i + 1, end))) {
        return true;
      }
      i = end;
    }
    return false;
  }

  /**
   * A value, or a word of it, that destroys: {@code wipe_data} of {@code '{"cmd":"wipe_data"}'}.
   */
  private static boolean destroys(String value) {
    for (String word : value.toLowerCase(Locale.ROOT).split("[^a-z0-9_\\-]+")) {
      if (ShapeObjects.DESTROYING_VALUES.contains(word)) {
        return true;
      }
      for (String part : word.split("[_\\-]")) {
        if (ShapeObjects.DESTROYING_VALUES.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }

  /** A quoted statement that alters, grants or drops: {@code execute("ALTER WAREHOUSE …")}. */
  private static boolean statement(String code) {
    for (int i = 0; i + 1 < code.length(); i++) {
      char c = code.charAt(i);
      if (c != '\'' && c != '"') {
        continue;
      }
      String keyword =
          ShapeObjects.firstKeyword(code.substring(i + 1, Math.min(code.length(), i + 18)));
      int after = i + 1 + keyword.length();
      if (ShapeObjects.CODE_STATEMENTS.contains(keyword)
          && after < code.length()
          && code.charAt(after) == ' ') {
        return true;
      }
    }
    return false;
  }

  /** A write method ({@code to_parquet}, {@code upload_file}) given an object store's URL. */
  private static boolean storeWrite(String code) {
    for (int dot = code.indexOf('.'); dot >= 0; dot = code.indexOf('.', dot + 1)) {
      String name = called(code, dot);
      if (name == null) {
        continue;
      }
      String first = ServiceVerbs.split(name).get(0);
      if (!ShapeObjects.STORE_WRITERS.contains(first)) {
        continue;
      }
      int open = dot + name.length() + 1;
      int close = code.indexOf(')', open);
      String call = code.substring(open, close < 0 ? Math.min(code.length(), open + 256) : close);
      if (SharedCodeActs.store(call)) {
        return true;
      }
    }
    return false;
  }
}
