package io.github.providergateway.app.export;

/**
 * A setting of the audit's export that cannot be used: the message names the setting, what it was
 * and what is allowed ({@code audit.syslog.port must be 1..65535, was 0}).
 */
public final class ExportSettingsException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  ExportSettingsException(String message) {
    super(message);
  }
}
