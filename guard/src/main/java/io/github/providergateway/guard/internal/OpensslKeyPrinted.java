package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Set;

/**
 * openssl printing a private key into the conversation (decision 198, {@code
 * shapes.private-key-read}, as {@code cat server.key} is): {@code openssl pkcs12 -in client.pfx
 * -nodes} decrypts a keystore's key and prints it with the certificate, {@code openssl pkey -in
 * server.key} (or {@code rsa}, {@code ec}, {@code pkcs8}) prints the key it reads. What is printed
 * goes to the model's provider; whoever holds a client certificate's key authenticates as its
 * owner. The key written to a file ({@code -out}, {@code >}), the public half ({@code -pubout}),
 * nothing ({@code -noout}), a keystore's certificates alone ({@code -nokeys}) or its key still
 * encrypted (no {@code -nodes}) are not printed; a test's or an example's key is none.
 */
final class OpensslKeyPrinted {
  private OpensslKeyPrinted() {}

  /** openssl's commands that print the private key they read unless told otherwise. */
  private static final Set<String> KEY_COMMANDS = Set.of("pkey", "rsa", "ec", "dsa", "pkcs8");

  /** Options after which no private key is printed. */
  private static final Set<String> NOT_PRINTED =
      Set.of("-out", "-pubout", "-noout", "-nokeys", "-export", "-text_pub");

  /** What prints a private key, as the reason shows it, or {@code null}. */
  static String printed(Step step) {
    List<Word> args = step.args();
    if (!step.program().equals("openssl") || args.isEmpty() || written(step)) {
      return null;
    }
    String command = args.get(0).text();
    boolean pkcs12 = command.equals("pkcs12");
    if (!pkcs12 && !KEY_COMMANDS.contains(command)) {
      return null;
    }
    String in = null;
    boolean decrypted = false;
    for (int i = 1; i < args.size(); i++) {
      String text = args.get(i).text();
      if (NOT_PRINTED.contains(text)) {
        return null;
      }
      decrypted |= text.equals("-nodes") || text.equals("-noenc");
      if (text.equals("-in") && i + 1 < args.size()) {
        in = args.get(i + 1).text();
      }
    }
    if (in == null || pkcs12 && !decrypted || !SecretsCarried.privateKey(in)) {
      return null;
    }
    return "openssl " + command + " -in " + in;
  }

  /** Whether the step's output goes to a file rather than to the conversation. */
  private static boolean written(Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      String target = redirect.target().text();
      if (redirect.writes() && !target.equals("/dev/null") && !target.startsWith("&")) {
        return true;
      }
    }
    return false;
  }
}
