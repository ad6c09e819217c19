package io.github.providergateway.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * A user's folders in a temporary folder, as the app reads them from its environment: {@code HOME}
 * ({@code dir/user}), {@code XDG_CONFIG_HOME}, {@code XDG_DATA_HOME}, an empty, owner-only {@code
 * XDG_RUNTIME_DIR}, which leaves {@code systemctl --user} without a bus, and a {@code TMPDIR} of
 * its own, so that the real {@code ~/.config}, the real user manager and the stdio bridge's folders
 * in the real {@code /tmp} (which {@code gateway uninstall} looks at) are never touched.
 */
public final class UserFolders {

  private UserFolders() {}

  /** Makes the folders under {@code dir} and puts their variables in {@code env}; returns HOME. */
  public static Path in(Path dir, Map<String, String> env) throws IOException {
    Path user = Files.createDirectories(dir.resolve("user"));
    Path runtime = Files.createDirectories(dir.resolve("runtime"));
    Files.setPosixFilePermissions(runtime, PosixFilePermissions.fromString("rwx------"));
    env.put("HOME", user.toString());
    env.put("XDG_CONFIG_HOME", dir.resolve("config").toString());
    env.put("XDG_DATA_HOME", dir.resolve("data").toString());
    env.put("XDG_RUNTIME_DIR", runtime.toString()); // empty: no user bus in it
    env.put("TMPDIR", Files.createDirectories(dir.resolve("tmp")).toString());
    return user;
  }
}
