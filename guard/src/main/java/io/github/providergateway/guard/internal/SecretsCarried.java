package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A credential carried out or shown (decision 122): a secret's own value, as a literal, in what a
 * call sends to another place ({@code shapes.secret-carried}: a search's query, a fetched URL, a
 * server's tool's arguments but a secret store's, an HTTP client's words: {@code sk_live_…}, {@code
 * AKIA…}, a private key's armour or its base64); and a private key's file printed into the
 * conversation ({@code shapes.private-key-read}: {@code cat …/AuthKey_X.p8}, the read tool on
 * {@code sops/age/keys.txt}), which sends it to the model's provider. A test's or an example's key,
 * and a local host, are none.
 */
final class SecretsCarried {
  private SecretsCarried() {}

  private static final List<Pattern> LITERALS =
      ShapeObjects.SECRET_LITERALS.stream().map(Pattern::compile).toList();

  /**
   * A key's or a token's value written out by its name ({@code api_key = "vfk_live_…"}), read in
   * what people are sent (round 66: a live key pasted into a public issue); an HTTP client's own
   * token is how it calls its service, and is not read so.
   */
  private static final List<Pattern> MESSAGE_LITERALS =
      ShapeObjects.MESSAGE_SECRET_LITERALS.stream().map(Pattern::compile).toList();

  /** The longest text read for a literal. */
  private static final int READ = 16384;

  /** The secret a call carries out, or {@code null}. */
  static String carried(Scan scan) {
    CallForRules call = scan.call();
    String tool = call.tool();
    String lower = tool.toLowerCase(Locale.ROOT);
    boolean outward =
        tool.equals("WebSearch")
            || tool.equals("WebFetch")
            || tool.contains("__") && !lower.contains("secret") && !lower.contains("vault");
    if (outward && call.args() != null) {
      String sent = call.args().toString();
      String found = literal(sent, LITERALS);
      found = found != null ? found : literal(sent, MESSAGE_LITERALS);
      if (found != null) {
        return tool + " carries " + found;
      }
    }
    for (Step step : scan.steps()) {
      if (!ShapeObjects.HTTP_CLIENTS.contains(step.program()) || local(step)) {
        continue;
      }
      for (Word word : step.args()) {
        String found = literal(word.text(), LITERALS);
        if (found != null) {
          return step.program() + " carries " + found;
        }
      }
    }
    return null;
  }

  private static boolean local(Step step) {
    List<String> hosts = Environments.hosts(step);
    if (hosts.isEmpty()) {
      return false;
    }
    for (String host : hosts) {
      if (!Environments.localHost(host)) {
        return false;
      }
    }
    return true;
  }

  /** The first secret's literal in {@code text}, shortened, or {@code null}. */
  static String literal(String text) {
    return literal(text, LITERALS);
  }

  private static String literal(String text, List<Pattern> patterns) {
    String t = text.length() > READ ? text.substring(0, READ) : text;
    for (Pattern pattern : patterns) {
      Matcher m = pattern.matcher(t);
      while (m.find()) {
        String shown = m.group();
        if (shown.toUpperCase(Locale.ROOT).contains("EXAMPLE")) {
          continue; // AKIAIOSFODNN7EXAMPLE: the documentation's key
        }
        return shown.length() > 12 ? shown.substring(0, 12) + "…" : shown;
      }
    }
    return null;
  }

  /** The private key's file a call prints into the conversation, or {@code null}. */
  static String keyRead(Scan scan) {
    CallForRules call = scan.call();
    if (call.tool().equalsIgnoreCase("read") || call.tool().equals("Read")) {
      JsonNode path = call.args() == null ? null : call.args().get("path");
      if (path == null && call.args() != null) {
        path = call.args().get("file_path");
      }
      if (path != null && privateKey(path.asText())) {
        return path.asText();
      }
      return null;
    }
    for (Step step : scan.steps()) {
      String opened = OpensslKeyPrinted.printed(step);
      if (opened == null) {
        opened = BucketKeyPrinted.printed(step); // aws s3 cp s3://…/x.key - (decision 205)
      }
      if (opened != null) {
        return opened;
      }
      String pulled = KeysPulledOffHost.pulled(step);
      if (pulled != null) {
        return pulled; // scp ns1:/var/lib/knot/keys/*.pem ~/Downloads/ (round 77)
      }
      String copiedIn = KeyCopiedIn.copied(scan, step);
      if (copiedIn != null) {
        return copiedIn; // cp ~/.acme/keys/release.pem firmware/keys/ (round 66)
      }
      String inCode = step.interpreter() ? keyInCode(InterpreterCode.of(step)) : null;
      if (inCode != null) {
        return step.program() + " opening " + inCode; // open('/srv/app/secrets/salt.key','rb')
      }
      if (!ShapeObjects.PRINTERS.contains(step.program())) {
        continue;
      }
      for (Word word : step.args()) {
        if (!word.text().startsWith("-") && privateKey(word.text())) {
          return step.program() + " " + word.text();
        }
      }
    }
    return null;
  }

  /**
   * A quoted text in code, what may be a path it opens: tried at every quote, so that a quote that
   * closes one text ({@code 'f':open(}) does not hide the one it opens.
   */
  private static final java.util.regex.Pattern QUOTED =
      java.util.regex.Pattern.compile("(?=(['\"])([^'\"\\s]{3,256})\\1)");

  /**
   * The first private key's path quoted in inline code (decision 318, after round 65: {@code
   * requests.post(…, files={'f': open('/srv/odts/secrets/pseudonym_salt.key','rb')})}), or {@code
   * null}: code that names the key reads it as {@code cat} would.
   */
  private static String keyInCode(String code) {
    if (code == null || code.length() > 16_384 || code.indexOf('.') < 0) {
      return null;
    }
    java.util.regex.Matcher quoted = QUOTED.matcher(code);
    while (quoted.find()) {
      if (privateKey(quoted.group(2))) {
        return quoted.group(2);
      }
    }
    return null;
  }

  /**
   * A file named as a private key's: {@code .p8}, {@code signing_key.pem}, {@code age/keys.txt},
   * {@code tls.key}, {@code fw-signing.key.pem}; or a {@code .pem} kept in a folder of keys ({@code
   * ~/.tool/keys/prod.pem}: decision 187), where a certificate is rarely put.
   */
  static boolean privateKey(String path) {
    String p = path.toLowerCase(Locale.ROOT);
    if (p.length() > 512 || !keyFile(p)) {
      return false; // the name first: most paths are no key's, and need no split
    }
    for (String part : RegulatedData.NOT_WORD.split(p)) {
      if (ShapeObjects.KEY_EXCEPTIONS.contains(part)) {
        return false; // a test's, an example's, a public key
      }
    }
    return true;
  }

  private static boolean keyFile(String lowered) {
    for (String name : ShapeObjects.KEY_FILES) {
      if (name.startsWith(".") ? lowered.endsWith(name) : lowered.contains(name)) {
        return true;
      }
    }
    return lowered.endsWith(".pem") && ShapeObjects.KEY_FOLDERS.contains(folder(lowered));
  }

  /** The name of the folder a path's file is in, or the empty string. */
  private static String folder(String path) {
    int end = path.lastIndexOf('/');
    return end <= 0 ? "" : path.substring(path.lastIndexOf('/', end - 1) + 1, end);
  }
}
