-- The notice recipients of a game as one JSON array (`Recipient[]`), bots and empty seats left out.
-- Recipients carry what timing needs: the zone, quiet hours and the auto-vacation switch.
CREATE OR REPLACE FUNCTION mp_recipients(p_game text) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
      'seat', s.seat, 'userId', s.user_id, 'email', u.email,
      'settings', CASE WHEN ns.user_id IS NULL THEN NULL
        ELSE json_build_object('email', ns.email, 'digest', ns.digest, 'push', ns.push, 'kinds', ns.kinds, 'webhook', ns.webhook,
          'timeZone', ns.time_zone, 'quietStart', ns.quiet_start, 'quietEnd', ns.quiet_end) END,
      'gameHook', gw.config,
      'pushDevices', coalesce((SELECT json_agg(ps.id ORDER BY ps.id) FROM push_subscriptions ps WHERE ps.user_id = s.user_id), '[]'::json))), '[]'::json)
    FROM seats s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN notification_settings ns ON ns.user_id = s.user_id
    LEFT JOIN game_webhooks gw ON gw.game_id = s.game_id AND gw.user_id = s.user_id
    WHERE s.game_id = p_game AND NOT s.is_bot);
END $$;
