package io.github.providergateway.guard.shell.programs;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The host an ssh client in inline code connects to (decision 227): paramiko's {@code
 * c.connect('rcms.example.net', …)}, Fabric's {@code Connection('web1')}, a {@code hostname=…}
 * argument or setting. Its {@code exec_command('…')} runs there, read as {@code ssh HOST '…'}.
 */
final class SshClientHosts {
  private SshClientHosts() {}

  /** The host code connects its ssh client to. */
  private static final Pattern CONNECTED =
      Pattern.compile(
          "\\b(?:connect|Connection|SSHClient)\\s*\\(\\s*(?:host(?:name)?\\s*=\\s*)?['\"]([\\w.@-]{1,253})['\"]"
              + "|\\bhost(?:name)?\\s*[:=]\\s*['\"]([\\w.-]{1,253})['\"]");

  /**
   * The host the code's ssh client connects to, or a name standing for one it cannot read.
   *
   * @param code the inline code
   * @return the host
   */
  static String of(String code) {
    Matcher m = CONNECTED.matcher(code);
    if (m.find()) {
      return m.group(1) != null ? m.group(1) : m.group(2);
    }
    return "ssh-client-host";
  }
}
