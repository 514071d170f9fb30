type LogLine = (obj: object, msg?: string) => void;

/**
 * What a service logs through: the app's pino logger (`app.log`), or a CLI's or a test's stand-in. A service
 * names only the levels it uses (`Logger<'warn'>`), so a stand-in needs no more.
 */
export type Logger<Level extends 'info' | 'warn' | 'error' = 'info' | 'warn' | 'error'> = Record<Level, LogLine>;
