package io.github.providergateway.app.home;

import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * The exclusive lock on {@code <home>/gateway.lock} that every running gateway of a home holds, in
 * every mode: two gateways on one home would replace and delete each other's token file. The OS
 * releases it when the process ends, even after {@code kill -9}; in one JVM (tests run several
 * apps) a second lock on the same file is refused as well.
 */
public final class HomeLock implements AutoCloseable {

  public static final String FILE = GatewayHome.LOCK_FILE;

  private final FileChannel channel;
  private final FileLock lock;

  private HomeLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the lock of {@code home}, creating the home (owner-only) if needed.
   *
   * @throws StartupException if another gateway holds it, or it cannot be taken
   */
  public static HomeLock acquire(Path home) throws StartupException {
    Path file = home.resolve(FILE);
    FileChannel channel;
    try {
      OwnerOnlyFiles.createDirectories(home);
      channel =
          OwnerOnlyFiles.open(
              file,
              Set.of(
                  StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS));
    } catch (IOException e) {
      throw new StartupException("cannot lock " + file + ": " + e.getMessage(), e);
    }
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException | IOException e) {
      lock = null;
    }
    if (lock == null) {
      closeQuietly(channel);
      throw new StartupException(
          "another gateway already runs for the home "
              + home
              + " (it holds "
              + file
              + "); stop it, or give this one another --home");
    }
    return new HomeLock(channel, lock);
  }

  @Override
  public void close() {
    try {
      lock.release();
    } catch (IOException e) {
      // The channel's close below releases it anyway.
    }
    closeQuietly(channel);
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // Nothing held any more that matters.
    }
  }
}
