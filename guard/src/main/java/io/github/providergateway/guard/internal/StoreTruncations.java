package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A key-value or document store emptied by its own admin tools (issue 80 round 72, {@code
 * databases.store-truncated}): Aerospike's {@code asinfo -v "truncate:…"} and {@code
 * truncate-namespace}, {@code asadm -e "manage truncate …"}, {@code aql "TRUNCATE ns.set"}, its
 * client's {@code truncate(…)} in inline code; Couchbase's {@code couchbase-cli bucket-flush} and
 * {@code bucket-delete}, and {@code cbq}'s {@code DELETE FROM} with no {@code WHERE}. Cassandra's
 * and ScyllaDB's {@code TRUNCATE}, Redis's {@code FLUSHALL}, Elasticsearch's {@code
 * _delete_by_query} and DynamoDB's {@code delete-table} are read by the {@code db} and {@code
 * cloud} rules. The store is another machine's where a host is named that is neither this
 * machine's, a compose service's nor a test's: a name of one label with a number ({@code
 * aero-profiles-01}) is a server's, where {@link StoreClientWrites} asks for a dotted one; a host
 * in a variable is the store the variable names. A store given no host is this machine's (each
 * tool's default).
 */
final class StoreTruncations {
  private StoreTruncations() {}

  /** The options that name the store's host: Aerospike's tools', Couchbase's, cbq's. */
  private static final Set<String> HOST_OPTIONS = NameSet.of("-h", "--host");

  private static final Set<String> COUCHBASE_HOST_OPTIONS = NameSet.of("-c", "--cluster");

  private static final Set<String> CBQ_HOST_OPTIONS = NameSet.of("-e", "--engine");

  /** Aerospike's SQL-like shell's truncation: {@code TRUNCATE users.segments}. */
  private static final Pattern AQL_TRUNCATE = Pattern.compile("(?i)\\bTRUNCATE\\s+[\\w.]+");

  /** A host in the Aerospike client's configuration: {@code 'hosts': [('aero-bid-07', 3000)]}. */
  private static final Pattern CODE_HOST =
      Pattern.compile("\\(\\s*['\"]([A-Za-z0-9_.-]+)['\"]\\s*,\\s*\\d{2,5}\\s*\\)");

  /** The Aerospike client's truncation in code: {@code c.truncate('users', 'segments', 0)}. */
  private static final Pattern CODE_TRUNCATE = Pattern.compile("\\.truncate\\s*\\(");

  /** The stores' admin tools read here. */
  private static final Set<String> TOOLS =
      NameSet.of("asinfo", "asadm", "aql", "couchbase-cli", "cbq");

  /** {@return whether a program of this name is a tool read here, or an interpreter} */
  static boolean tool(String program) {
    return TOOLS.contains(program) || DatabaseTargets.interpreter(program);
  }

  /**
   * {@return what empties a store on another machine, or null}
   *
   * @param step the store's tool, or an interpreter
   */
  static String truncatedShared(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    String found =
        switch (program) {
          case "asinfo", "asadm" -> AerospikeWrites.truncates(program, args) ? program : null;
          case "aql" ->
              PatternLiterals.finds(AQL_TRUNCATE, String.join(" ", step.invocation().args()))
                  ? "aql TRUNCATE"
                  : null;
          case "couchbase-cli" -> couchbaseEmptied(args);
          case "cbq" ->
              ProductionPredicates.writesEveryRow(SqlStatements.statements(step))
                  ? "cbq DELETE"
                  : null;
          default -> null;
        };
    if (found != null) {
      return elsewhere(optionHosts(program, args)) ? found : null;
    }
    if (!DatabaseTargets.interpreter(step)) {
      return null;
    }
    String code = InterpreterCode.of(step);
    if (code == null
        || code.length() > 65_536
        || !code.toLowerCase(Locale.ROOT).contains("aerospike")
        || !PatternLiterals.finds(CODE_TRUNCATE, code)) {
      return null;
    }
    List<String> hosts = new ArrayList<>();
    Matcher m = PatternLiterals.matcher(CODE_HOST, code);
    while (m.find()) {
      hosts.add(m.group(1));
    }
    return elsewhere(hosts) || DatabaseTargets.codeShared(code) ? "aerospike truncate()" : null;
  }

  /** {@code couchbase-cli bucket-flush} or {@code bucket-delete}, as its first word. */
  private static String couchbaseEmptied(List<Word> args) {
    for (Word word : args) {
      String t = word.text();
      if (!t.startsWith("-")) {
        return t.equals("bucket-flush") || t.equals("bucket-delete") ? "couchbase-cli " + t : null;
      }
    }
    return null;
  }

  /** The hosts the tool's options name; a variable's is {@code ?}. */
  private static List<String> optionHosts(String program, List<Word> args) {
    Set<String> options =
        switch (program) {
          case "couchbase-cli" -> COUCHBASE_HOST_OPTIONS;
          case "cbq" -> CBQ_HOST_OPTIONS;
          default -> HOST_OPTIONS;
        };
    List<String> hosts = new ArrayList<>();
    for (int i = 0; i + 1 < args.size(); i++) {
      if (options.contains(args.get(i).text())) {
        Word value = args.get(i + 1);
        hosts.add(value.literal() ? Environments.host(value.text()) : "?");
      }
    }
    return hosts;
  }

  /** Whether a host is named that is neither this machine's, a compose service's nor a test's. */
  private static boolean elsewhere(List<String> hosts) {
    for (String host : hosts) {
      if (host.equals("?") || !host.isEmpty() && !DatabaseTargets.localOrTest(host)) {
        return true;
      }
    }
    return false;
  }
}
