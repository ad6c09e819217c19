package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.FileRef;
import io.github.providergateway.protocol.ToolErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Reads results providers leave in files (spec: Payload limits, file refs). Only a file inside the
 * provider's own {@code persistDir} is read: both paths are resolved to their real locations first,
 * so neither {@code ..} nor a symbolic link can lead outside it. Runs on the gateway's I/O
 * executor, never on the loop.
 */
final class FileResults {

  /** The largest file result the gateway reads into memory. */
  static final long MAX_FILE_BYTES = 64L << 20;

  private FileResults() {}

  static ToolOutcome read(Path persistDir, FileRef ref) {
    if (persistDir == null) {
      return ToolOutcome.failure(
          ToolErrorCode.UNAUTHORIZED,
          "File results are for local providers with a persistDir only");
    }
    Path real;
    try {
      Path file = Path.of(ref.path());
      if (!file.isAbsolute()) {
        return ToolOutcome.failure(
            ToolErrorCode.INTERNAL, "file.path must be absolute: " + ref.path());
      }
      real = file.toRealPath();
      if (!real.startsWith(persistDir.toRealPath())) {
        return ToolOutcome.failure(
            ToolErrorCode.UNAUTHORIZED,
            "file.path lies outside the provider's persistDir: " + ref.path());
      }
    } catch (InvalidPathException | IOException e) {
      return ToolOutcome.failure(ToolErrorCode.NOT_FOUND, "Cannot read file result " + ref.path());
    }
    try {
      long size = Files.size(real);
      if (size > MAX_FILE_BYTES) {
        return ToolOutcome.failure(
            ToolErrorCode.INTERNAL, "File result is " + size + " bytes; at most " + MAX_FILE_BYTES);
      }
      byte[] bytes = Files.readAllBytes(real);
      ObjectNode data = JsonNodeFactory.instance.objectNode();
      ObjectNode file = data.putObject("file");
      file.put("mimeType", ref.mimeType());
      file.put("size", bytes.length);
      return new ToolOutcome.Success(data, new ToolOutcome.FileContent(ref.mimeType(), bytes));
    } catch (IOException e) {
      return ToolOutcome.failure(ToolErrorCode.NOT_FOUND, "Cannot read file result " + ref.path());
    }
  }
}
