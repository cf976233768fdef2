import { Link } from 'react-router';
import { sourceInWords } from '../../../shared/domain/sources.ts';
import { type RecordPlayer, usePlayerInUse } from './inUse.ts';
import { playerHref } from './links.tsx';
import './record-player.css';

/**
 * The name of the player a record names, as the lists show theirs: a link to his page when he is the data
 * in use's player of his id; else his name as kept, not a link, with a calm "other data" note of where he is
 * from (another database or service), never a link to whoever has his id here. While the host is asked,
 * the name alone. The name is isolated (`<bdi>`). `className`: the link's own look.
 */
export function RecordPlayerName({ player, className }: { player: RecordPlayer; className?: string }) {
  const inUse = usePlayerInUse(player);
  if (inUse === true) {
    return (
      <Link to={playerHref(player.playerId)} className={className}>
        <bdi>{player.name}</bdi>
      </Link>
    );
  }
  if (inUse === undefined) return <bdi>{player.name}</bdi>;
  const from = sourceInWords(player.source);
  const born = player.dateOfBirth ? `, born ${player.dateOfBirth}` : '';
  return (
    <span className="record-player-other" title={`From ${from}${born}: he is not a player of the data in use`}>
      <bdi>{player.name}</bdi>{' '}
      <span className="pill small">
        other data<span className="visually-hidden">, from {from}</span>
      </span>
    </span>
  );
}
