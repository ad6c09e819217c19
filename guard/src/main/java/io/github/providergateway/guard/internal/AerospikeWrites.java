package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Aerospike's writes where its tools say them other than in SQL (decision 200), read beside {@link
 * StoreClientWrites}' statements and Redis commands: {@code asadm}'s {@code manage} commands
 * (truncate, config, sindex, udfs, roster, quiesce, acl: the admin's changes, each behind {@code
 * --enable}), {@code asinfo}'s info commands that change the cluster ({@code truncate:…}, {@code
 * set-config:…}), and the client libraries' record writes in inline code ({@code c.put(key, bins)},
 * {@code remove}, {@code truncate}, {@code operate}…: the Python and Node clients name them alike).
 * {@code aql}'s {@code DELETE}, {@code INSERT} and {@code TRUNCATE} are statements, read as any
 * store client's. The host decides as for every store client: one not this machine's, or code
 * reaching something shared.
 */
final class AerospikeWrites {
  private AerospikeWrites() {}

  /** asinfo's commands that change the cluster or its records (the words before {@code :}). */
  private static final Set<String> INFO_CHANGES =
      Set.of(
          "truncate",
          "truncate-namespace",
          "truncate-undo",
          "truncate-namespace-undo",
          "set-config",
          "config-set",
          "sindex-create",
          "sindex-delete",
          "udf-put",
          "udf-remove",
          "recluster",
          "quiesce",
          "roster-set",
          "revive",
          "eviction-reset",
          "xdr-set-filter");

  /** A client's call that writes a record, a bin, a set or a module. */
  private static final Pattern CODE_WRITE =
      Pattern.compile(
          "\\.(?:put|remove|remove_bin|removeBin|truncate|operate|increment|incr|append|prepend"
              + "|batch_write|batchWrite|batch_operate|batch_remove|batchRemove|batch_apply"
              + "|batchApply|apply|scan_apply|query_apply|udf_put|udfRegister|udf_remove"
              + "|udfRemove|index_remove|indexRemove)\\s*\\(");

  /** Whether a command-line tool of Aerospike's is given a change: asadm's manage, asinfo's. */
  static boolean admin(String program, List<Word> args) {
    return switch (program) {
      case "asadm" -> given(args, "-e", "--execute", AerospikeWrites::manages);
      case "asinfo" -> given(args, "-v", "--value", AerospikeWrites::infoChanges);
      default -> false;
    };
  }

  /**
   * Whether a command-line tool of Aerospike's is told to truncate: {@code asinfo -v
   * "truncate:namespace=users;set=segments"} or {@code truncate-namespace}, {@code asadm -e "manage
   * truncate …"} ({@link StoreTruncations}); an undo is not.
   */
  static boolean truncates(String program, List<Word> args) {
    return switch (program) {
      case "asadm" ->
          given(
              args,
              "-e",
              "--execute",
              c -> c.toLowerCase(Locale.ROOT).matches("(?s).*\\bmanage\\s+truncate\\b(?!-undo).*"));
      case "asinfo" ->
          given(
              args,
              "-v",
              "--value",
              c -> {
                String name = c.strip().toLowerCase(Locale.ROOT);
                return name.startsWith("truncate:") || name.startsWith("truncate-namespace:");
              });
      default -> false;
    };
  }

  /**
   * Whether inline code uses Aerospike's client and calls a write of it; the caller asks whether it
   * reaches something shared.
   */
  static boolean codeWrites(String code) {
    return code.length() < 65_536
        && code.toLowerCase(Locale.ROOT).contains("aerospike")
        && PatternLiterals.finds(CODE_WRITE, code);
  }

  private static boolean given(
      List<Word> args, String shortName, String longName, Predicate<String> is) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals(shortName) || text.equals(longName)) && i + 1 < args.size()) {
        if (is.test(args.get(i + 1).text())) {
          return true;
        }
      } else if (text.startsWith(longName + "=")
          && is.test(text.substring(longName.length() + 1))) {
        return true;
      }
    }
    return false;
  }

  /** asadm's commands, {@code ;}-separated: one that begins {@code manage} changes the cluster. */
  private static boolean manages(String commands) {
    for (String command : commands.split(";")) {
      if (command.strip().toLowerCase(Locale.ROOT).startsWith("manage ")) {
        return true;
      }
    }
    return false;
  }

  /** asinfo's command: its name is the words before the first {@code :}. */
  private static boolean infoChanges(String command) {
    String stripped = command.strip().toLowerCase(Locale.ROOT);
    int colon = stripped.indexOf(':');
    String name = colon < 0 ? stripped : stripped.substring(0, colon);
    return INFO_CHANGES.contains(name) || name.startsWith("jobs") && stripped.contains("kill");
  }
}
