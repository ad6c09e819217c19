package io.github.providergateway.guard.internal;

import java.util.Locale;

/**
 * What an HTTP client's words authenticate a request with ({@code acts}, decision 93): an
 * authorising header, a user and password, a bearer option, the machine's {@code .netrc}, a
 * variable naming a secret, a token a CLI prints; a secret in the request's body is data sent, not
 * a credential, unless its field names one ({@code api_token=$X}); a field or a query parameter
 * naming a key handed a key's variable ({@code key=$STEAM_PUBLISHER_KEY}) is one too (decision 111:
 * {@link KeyedFields}).
 */
final class RequestCredentials {
  private RequestCredentials() {}

  /**
   * Whether one word of an HTTP client carries a credential: an authorising header, a user and
   * password, a bearer option, a variable naming a secret, a token a CLI prints.
   */
  static boolean credential(String text, String written, String prior, boolean httpie) {
    String lower = text.toLowerCase(Locale.ROOT);
    if (prior.equals("-u") || prior.equals("--user") || lower.startsWith("--user=")) {
      return true; // basic authentication
    }
    if (prior.equals("--oauth2-bearer") || lower.startsWith("--oauth2-bearer")) {
      return true;
    }
    if (!httpie
        && (lower.equals("-n")
            || lower.startsWith("--netrc")
            || lower.startsWith("--aws-sigv4")
            || lower.equals("--cert")
            || lower.startsWith("--cert="))) {
      return true; // the machine's .netrc, a signature, a client certificate
    }
    if (httpie && (prior.equals("-a") || prior.equals("--auth") || lower.startsWith("--auth="))) {
      return true;
    }
    if (lower.startsWith("--header=")) {
      return credential(text.substring("--header=".length()), written, "-H", false);
    }
    if (prior.equals("-H") || prior.equals("--header") || httpie || lower.startsWith("-h")) {
      String header = lower.startsWith("-h") ? lower.substring(2) : lower;
      int colon = header.indexOf(':');
      if (colon > 0) {
        String name = header.substring(0, colon).trim();
        if (name.equals("authorization")
            || name.equals("proxy-authorization")
            || name.contains("api-key")
            || name.contains("apikey")
            || name.endsWith("-token")
            || name.endsWith("-auth")
            || name.endsWith("key")
            || name.contains("secret")
            || name.equals("cookie")) {
          return true;
        }
      }
    }
    if (lower.contains("://") && lower.indexOf('@') > lower.indexOf("://")) {
      String authority = lower.substring(lower.indexOf("://") + 3);
      int end = authority.indexOf('/');
      authority = end < 0 ? authority : authority.substring(0, end);
      if (authority.indexOf(':') >= 0 && authority.indexOf(':') < authority.indexOf('@')) {
        return true; // https://user:secret@host/
      }
    }
    if (inBody(text, prior, httpie)) {
      // A form field that names a credential (api_token=$X, access_token=$X) authenticates the
      // request, as judge.me's and the Graph API's do; any other secret there is data sent.
      return credentialField(lower) && secretIn(written) || KeyedFields.keyed(written);
    }
    return secretIn(written) || KeyedFields.keyed(written);
  }

  /** Whether a body's {@code name=value} field names a credential: {@code api_token=}. */
  private static boolean credentialField(String lower) {
    int equals = lower.indexOf('=');
    if (equals <= 0 || equals > 40) {
      return false;
    }
    String name = lower.substring(0, equals);
    return name.endsWith("token")
        || name.endsWith("api_key")
        || name.endsWith("apikey")
        || name.equals("access_key")
        || name.equals("client_secret");
  }

  /**
   * Whether a word is the request's body: a secret there is data sent (the flow and out rules'),
   * not a credential the request is made with.
   */
  private static boolean inBody(String text, String prior, boolean httpie) {
    if (prior.equals("-d")
        || prior.startsWith("--data")
        || prior.equals("--json")
        || prior.equals("--post-data")
        || prior.equals("--body-data")
        || prior.equals("-F")
        || prior.startsWith("--form")
        || text.startsWith("-d")
        || text.startsWith("--data")) {
      return true;
    }
    if (!httpie || text.startsWith("-") || text.contains("://")) {
      return false;
    }
    int equals = text.indexOf('=');
    int colon = text.indexOf(':');
    return equals > 0 && (colon < 0 || equals < colon); // httpie's data item: name=value
  }

  /** Whether text names a secret variable, or a command that prints a token. */
  static boolean secretIn(String written) {
    if (written.indexOf('$') < 0) {
      return false;
    }
    var variable = FlowReading.VARIABLE.matcher(written);
    while (variable.find()) {
      if (SecretNames.secret(variable.group(1))) {
        return true;
      }
    }
    String lower = written.toLowerCase(Locale.ROOT);
    return lower.contains("$(")
        && (lower.contains("print-access-token")
            || lower.contains("print-identity-token")
            || lower.contains("auth token")
            || lower.contains("get-login-password")
            || lower.contains("get-authorization-token")
            || lower.contains("get-session-token")
            || lower.contains("token create")
            || lower.contains("access_token"));
  }
}
