package io.github.providergateway.agent.internal;

import java.nio.file.Path;

/**
 * The user's home directory as a shell reads {@code ~}: {@code HOME} when set and not blank, else
 * the JVM's {@code user.home}. A project at the home or above it holds only itself ({@code
 * ProjectScope}), so hooks, the record of gates and the MCP front door must agree on where it is.
 */
public final class UserHome {

  private UserHome() {}

  /** {@return the user's home directory} */
  public static Path get() {
    String home = System.getenv("HOME");
    return Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"));
  }
}
