package io.github.providergateway.app.agents;

import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads and replaces an agent's settings file for {@code gateway setup}: whole, in one step (a
 * draft beside it moved over it), keeping its permissions, and through a symbolic link to the file
 * it names (settings kept in a dotfiles repository stay there). A file that holds a token is
 * written owner-only.
 */
final class SettingsFiles {

  private SettingsFiles() {}

  /** The file's content, or null when there is none. */
  static byte[] read(Path file) throws IOException {
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /** Replaces (or creates) {@code file} with {@code content}; owner-only when {@code secret}. */
  static void write(Path file, byte[] content, boolean secret) throws IOException {
    Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file;
    Files.createDirectories(target.getParent());
    Path draft = target.resolveSibling("." + target.getFileName() + ".gateway-setup.tmp");
    OwnerOnlyFiles.replaceKeepingMode(target, draft, content, secret);
  }

  /** Removes {@code file} (what setup created), through a link as {@link #write} writes. */
  static void delete(Path file) throws IOException {
    Files.deleteIfExists(Files.isSymbolicLink(file) ? file.toRealPath() : file);
  }
}
